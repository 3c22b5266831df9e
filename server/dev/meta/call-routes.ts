/**
 * The fake Meta's WhatsApp callers (development servers; login-protected like every /dev hook), beside the Graph API
 * of graph-routes.ts:
 *   POST /dev/meta/calls     { phone_number_id, from, name? }: a WhatsApp user calls the number (a signed `calls` connect
 *                              webhook with a real WebRTC offer) -> { data: { call_id, status } }
 *   POST /dev/meta/calls/:id/connect   Meta delivers the same connect webhook again
 *   POST /dev/meta/calls/:id/hangup    the user hangs up (a terminate webhook)
 *   GET  /dev/meta/calls/:id           the call's state, the actions we sent (with our SDP answer) and its media counts
 *   GET  /dev/meta/calls?phone_number_id=   every call of a number (the tenant's calls to customers among them)
 */
import type { FastifyRequest } from "fastify"
import type { HttpRoutes } from "../../core/registry"
import { notFound } from "../../http/errors"
import { devCallerOf, devMaySee } from "../access"
import { bodyOf } from "../body"
import type { FakeCall } from "./fake-meta-calls"
import { fakeMetaOf } from "./fake-meta-of"
import { digits } from "./fields"

export const metaCallRoutes: HttpRoutes = (app, services) => {
  const meta = () => fakeMetaOf(services)

  app.post("/dev/meta/calls", async (req) => {
    const caller = await devCallerOf(services, req)
    const body = bodyOf(req.body)
    const number = meta().numbers.get(digits(body, "phone_number_id"))
    if (!number || !devMaySee(caller, number.ownerClientId)) throw notFound("Simulated WhatsApp number")
    const name = typeof body.name === "string" ? body.name : undefined
    const { call, status } = await meta().calls.place(number, digits(body, "from"), name)
    return { data: { call_id: call.id, status } }
  })

  /** The call and its number, when the caller may see them. */
  const fakeCall = async (req: FastifyRequest<{ Params: { id: string } }>) => {
    const caller = await devCallerOf(services, req)
    const call = meta().calls.calls.get(req.params.id)
    const number = call ? meta().numbers.get(call.phoneNumberId) : undefined
    if (!call || !number || !devMaySee(caller, number.ownerClientId)) throw notFound("Simulated WhatsApp call")
    return { call, number }
  }
  app.post<{ Params: { id: string } }>("/dev/meta/calls/:id/connect", async (req) => {
    const { call, number } = await fakeCall(req)
    return { data: { status: await meta().calls.connect(number, call) } }
  })
  app.post<{ Params: { id: string } }>("/dev/meta/calls/:id/hangup", async (req) => {
    const { call, number } = await fakeCall(req)
    return { data: { status: await meta().calls.hangup(number, call) } }
  })
  const callView = (call: FakeCall) => ({
    call_id: call.id,
    from: call.from,
    state: call.state,
    actions: call.actions,
    media: { ...call.media, state: call.pc.connectionState },
  })
  app.get<{ Params: { id: string } }>("/dev/meta/calls/:id", async (req) => ({ data: callView((await fakeCall(req)).call) }))
  app.get<{ Querystring: { phone_number_id?: string } }>("/dev/meta/calls", async (req) => {
    const caller = await devCallerOf(services, req)
    const number = meta().numbers.get(String(req.query.phone_number_id ?? ""))
    if (!number || !devMaySee(caller, number.ownerClientId)) throw notFound("Simulated WhatsApp number")
    return { data: { items: [...meta().calls.calls.values()].filter((c) => c.phoneNumberId === number.phoneNumberId).map(callView) } }
  })
}
