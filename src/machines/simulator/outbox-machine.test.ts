/** The simulator's mail outbox actor, model-based (common/model-check.testing.ts): newest first, kept across a failed read. */
import { checkModel } from "../common/model-check.testing"
import { OUTBOX_POLL_MS, outboxMachine } from "./outbox-machine"

const older = { id: 1, to: "a@acme.example", subject: "Reset", body: "link", createdAt: "2026-11-01T10:00:00.000Z" }
const newer = { id: 2, to: "b@acme.example", subject: "Monthly active users, 2026-11", body: "60", createdAt: "2026-11-02T10:00:00.000Z" }

checkModel({
  name: "simulator mail outbox",
  machine: outboxMachine,
  sources: ["load"],
  states: ["loading", "waiting"],
  after: { type: "xstate.after.poll.sim-outbox.waiting", ms: OUTBOX_POLL_MS },
  events: [
    { type: "xstate.done.actor.load", output: [older, newer] },
    { type: "xstate.error.actor.load", error: Object.assign(new Error("The development hooks are for tenant admins"), { status: 403 }) },
    { type: "REFRESH" },
    { type: "xstate.after.poll.sim-outbox.waiting" },
  ],
  stories: [
    [
      { type: "xstate.done.actor.load", output: [older] },
      { type: "xstate.after.poll.sim-outbox.waiting" },
      { type: "xstate.done.actor.load", output: [older, newer] },
    ],
    [
      { type: "xstate.done.actor.load", output: [older, newer] },
      { type: "REFRESH" },
      { type: "xstate.error.actor.load", error: new Error("offline") },
    ],
  ],
  key: (s) => [s.value, s.context.mails?.length ?? null, s.context.failure !== null],
  view: (s) => ({
    value: s.value,
    first: s.context.mails?.[0]?.id ?? null,
    count: s.context.mails?.length ?? null,
    failed: s.context.failure !== null,
  }),
})
