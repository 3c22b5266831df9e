/**
 * The plain HTTP JSON gateway: `POST <base_url>` with `{ from, to, text, encoding, parts }` and the API key as a
 * bearer token; a 2xx answer with `message_id` (or `id`) is sent; 429 and 5xx are "busy, try later" (the row goes back
 * on the queue); any other answer is a refusal. Such gateways report no receipts here, so their rows stay "sent".
 */
import { countSms } from "../../../src/contract/sms-segments"
import type { Services } from "../../http/context"
import type { ClaimedRow, Outcome } from "./claimed-row"
import { secretOf } from "./gateway"
import type { ProviderRow } from "./provider-rows"

const TIMEOUT_MS = 15_000

export const sendOverHttp = async (services: Services, provider: ProviderRow, row: ClaimedRow): Promise<Outcome> => {
  const count = countSms(row.body)
  const key = secretOf(services, provider.secret)
  let response: Response
  try {
    response = await fetch(provider.baseUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ from: row.mask, to: row.number, text: row.body, encoding: count.encoding, parts: count.parts }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
  } catch (error) {
    // No answer: like a dropped SMPP connection, the gateway may have it, so it is not sent again.
    return {
      result: {
        id: row.id,
        status: "failed",
        error: `The gateway did not answer (${error instanceof Error ? error.message : error}); not sent again`,
        providerId: provider.id,
      },
    }
  }
  if (response.status === 429 || response.status >= 500) return { requeue: `Gateway busy: HTTP ${response.status}` }
  const body = (await response.json().catch(() => ({}))) as { message_id?: unknown; id?: unknown }
  if (!response.ok)
    return { result: { id: row.id, status: "failed", error: `Refused by the gateway: HTTP ${response.status}`, providerId: provider.id } }
  const messageId = String(body.message_id ?? body.id ?? `http-${row.id}`)
  return { result: { id: row.id, status: "sent", parts: [{ no: 1, messageId }], providerId: provider.id } }
}
