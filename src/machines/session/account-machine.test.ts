/**
 * Model-based test of the account pages' machine: xstate/graph walks the shortest path to every reachable state
 * (validation problems, both requests and their outcomes, clearing), and each path is replayed on a real actor whose
 * requests are settled through the memory runtime; after every step the real state, tags, problem, failure and
 * e-mail must equal the model's.
 */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getPathsFromEvents, getShortestPaths } from "xstate/graph"
import { failureOf } from "../common/failure"
import { completion, makeScript, settle } from "../common/scripted-actors.testing"
import { type AccountEvent, accountMachine } from "./account-machine"

type ModelEvent = AccountEvent | { type: string; output?: unknown; error?: unknown }

const refused = { _tag: "HttpFailure", status: 501, code: "NOT_IMPLEMENTED", message: "auth.sendEmail is not implemented yet" }

const events: ModelEvent[] = [
  { type: "FORGOT", email: "  " },
  { type: "FORGOT", email: " agent1@example.com " },
  { type: "RESET", token: null, password: "longenough", confirm: "longenough" },
  { type: "RESET", token: "t1", password: "short", confirm: "short" },
  { type: "RESET", token: "t1", password: "longenough", confirm: "different1" },
  { type: "RESET", token: "t1", password: "longenough", confirm: "longenough" },
  { type: "xstate.done.actor.sendResetMail" },
  { type: "xstate.error.actor.sendResetMail", error: refused },
  { type: "xstate.done.actor.resetPassword" },
  { type: "xstate.error.actor.resetPassword", error: new Error("Invalid or expired token") },
  { type: "ACCOUNT.CLEAR" },
]

type Snap = ReturnType<typeof accountMachine.getInitialSnapshot>
const view = (s: Snap) => ({
  value: s.value,
  busy: s.hasTag("busy"),
  mailSent: s.hasTag("mailSent"),
  passwordChanged: s.hasTag("passwordChanged"),
  email: s.context.email,
  problem: s.context.problem,
  failure: s.context.failure,
})

const options = { events: events as AccountEvent[], serializeState: (s: unknown) => JSON.stringify(view(s as Snap)) }
// Clearing returns to the start, so no shortest path takes it: this story does (mail sent, back to the login page).
const cleared = getPathsFromEvents(
  accountMachine,
  [
    { type: "FORGOT", email: " agent1@example.com " },
    { type: "xstate.done.actor.sendResetMail" },
    { type: "ACCOUNT.CLEAR" },
  ] as AccountEvent[],
  options,
)[0]
const paths = [...getShortestPaths(accountMachine, options), cleared]

describe("account machine (model-based)", () => {
  it("reaches every state, and every problem", () => {
    const reached = paths.map((path) => view(path.state as Snap))
    for (const value of ["idle", "sendingMail", "mailSent", "resetting", "passwordChanged"])
      expect(reached.map((r) => r.value)).toContain(value)
    for (const problem of ["emailRequired", "passwordTooShort", "passwordsDiffer", "tokenMissing", "requestFailed"])
      expect(reached.map((r) => r.problem)).toContain(problem)
  })

  it("covers every event on some path", () => {
    const used = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.event))))
    for (const event of events) expect(used, JSON.stringify(event)).toContain(JSON.stringify(event))
  })

  it("keeps a refused request's failure as data", () => {
    const failed = paths.map((path) => path.state as Snap).find((s) => s.context.failure?.code === "NOT_IMPLEMENTED")
    expect(failed?.context.failure).toEqual(failureOf(refused))
    expect(failed?.context.problem).toBe("requestFailed")
  })

  it.each(paths.map((path) => [path.steps.map((step) => step.event.type).join(" > ") || "(initial)", path] as const))(
    "replays %s on the real actor",
    async (_name, path) => {
      const script = makeScript()
      const actor = createActor(
        accountMachine.provide({ actors: { sendResetMail: script.logic as never, resetPassword: script.logic as never } }),
      )
      actor.start()
      for (const step of path.steps) {
        const event = step.event as ModelEvent
        const outcome = completion(event)
        if (outcome) script.complete(outcome)
        else actor.send(event as AccountEvent)
        await settle()
        expect(view(actor.getSnapshot())).toEqual(view(step.state as Snap))
        script.forget((id) => id in actor.getSnapshot().children)
      }
      actor.stop()
    },
  )
})
