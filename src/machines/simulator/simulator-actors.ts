/**
 * The simulator page's effects: each call of the development hooks (services/simulator) as an actor, and the poll
 * that reads the live status of the page's calls and what the current customer's phone received.
 */
import { Effect } from "effect"
import {
  Simulator,
  type CallStatus,
  type InboundMessage,
  type Received,
  type SimChannel,
  type SimulatorShape,
} from "../../services/simulator/simulator"
import { fromEffect } from "../common/from-effect"

const sim = <A, E>(use: (s: SimulatorShape) => Effect.Effect<A, E>) =>
  Effect.gen(function* () {
    const simulator = yield* Simulator
    return yield* use(simulator)
  }).pipe(Effect.provide(Simulator.layer))

export interface PollInput {
  readonly calls: readonly string[]
  readonly customer: { clientId: number; channel: SimChannel; number: string } | null
}
export interface PollOutput {
  readonly statuses: readonly { callId: string; status: CallStatus | null }[]
  readonly received: readonly Received[] | null
}

export const simulatorActors = {
  probe: fromEffect(() => sim((s) => s.available)),
  placeCall: fromEffect((input: { clientId: number; number: string; name?: string }) => sim((s) => s.placeCall(input))),
  hangup: fromEffect((callId: string) => sim((s) => s.hangup(callId))),
  send: fromEffect((message: InboundMessage) => sim((s) => s.send(message))),
  typing: fromEffect((input: { clientId: number; channel: SimChannel; number: string; state: "typing" | "paused" }) =>
    sim((s) => s.typing(input)),
  ),
  read: fromEffect((externalId: string) => sim((s) => s.markRead(externalId))),
  poll: fromEffect(({ calls, customer }: PollInput) =>
    sim((s) =>
      Effect.all(
        [
          Effect.forEach(calls, (callId) => s.callStatus(callId).pipe(Effect.map((status) => ({ callId, status }))), {
            concurrency: 4,
          }),
          customer ? s.received(customer) : Effect.succeed(null),
        ],
        { concurrency: 2 },
      ).pipe(Effect.map(([statuses, received]): PollOutput => ({ statuses, received }))),
    ),
  ),
  /** The development mail outbox (mail `sendMail` kept because no SMTP server is configured). */
  outbox: fromEffect(() => sim((s) => s.outbox)),
}
