/** The simulated customer's side of WhatsApp calls, for the call specs: placing a call and what the phone has heard. */
import { baseUrl, devHeaders } from "../helpers"

/** Calls placed through `place` in this worker, for `hangUpPlaced`. */
const placed = new Set<string>()

/** A call from `number` (named `name`) to the tenant, as the simulator's customer; answers its id. */
export const place = async (number: string, name = `Customer ${number.slice(-3)}`) => {
  const response = await fetch(`${baseUrl()}/dev/simulator/calls`, {
    method: "POST",
    headers: { "content-type": "application/json", ...devHeaders() },
    body: JSON.stringify({ clientId: 1, number, name }),
  })
  const { callId } = ((await response.json()) as { data: { callId: string } }).data
  placed.add(callId)
  return callId
}

/**
 * The customer hangs up every call placed here that is still live (the simulator answers 404 for an ended one): after
 * each test, so a failed one leaves no call ringing or held for the later specs on its worker's server.
 */
export const hangUpPlaced = async () => {
  const calls = [...placed]
  placed.clear()
  await Promise.all(
    calls.map((callId) => fetch(`${baseUrl()}/dev/simulator/calls/${callId}/hangup`, { method: "POST", headers: devHeaders() })),
  )
}

/** What the customer's simulated phone has heard so far: packets of the agent's audio and of the hold tone. */
export const heard = async (callId: string) => {
  const response = await fetch(`${baseUrl()}/dev/simulator/calls/${callId}`, { headers: devHeaders() })
  return ((await response.json()) as { data: { media: { heard: { agent: number; tone: number } } } }).data.media.heard
}
