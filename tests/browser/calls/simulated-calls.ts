/** The simulated customer's side of WhatsApp calls, for the call specs: placing a call and what the phone has heard. */
import { baseUrl, devHeaders } from "../helpers"

/** A call from `number` to the tenant, as the simulator's customer; answers its id. */
export const place = async (number: string) => {
  const response = await fetch(`${baseUrl()}/dev/simulator/calls`, {
    method: "POST",
    headers: { "content-type": "application/json", ...devHeaders() },
    body: JSON.stringify({ clientId: 1, number, name: `Customer ${number.slice(-3)}` }),
  })
  return ((await response.json()) as { data: { callId: string } }).data.callId
}

/** What the customer's simulated phone has heard so far: packets of the agent's audio and of the hold tone. */
export const heard = async (callId: string) => {
  const response = await fetch(`${baseUrl()}/dev/simulator/calls/${callId}`, { headers: devHeaders() })
  return ((await response.json()) as { data: { media: { heard: { agent: number; tone: number } } } }).data.media.heard
}
