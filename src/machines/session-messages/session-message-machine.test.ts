/** The Session Timeout machine, model-based (common/model-check.testing.ts), and its rules. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { type SessionMessage, sessionMessageMachine, sessionSaveOf } from "./session-message-machine"

const fresh: SessionMessage = { id: null, enabled: false, timeout_minutes: 30, message: "Your session has timed out." }
const saved: SessionMessage = { ...fresh, id: 9, enabled: true, timeout_minutes: 45 }
const loaded = { type: "xstate.done.actor.load", output: fresh }

checkModel({
  name: "session timeout",
  machine: sessionMessageMachine,
  sources: ["load", "save"],
  states: ["loading", "ready", "saving", "failed"],
  events: [
    loaded,
    { type: "xstate.error.actor.load", error: new Error("500") },
    { type: "RETRY" },
    { type: "EDIT", patch: { minutes: "45", enabled: true } },
    { type: "EDIT", patch: { minutes: "0" } },
    { type: "SAVE" },
    { type: "xstate.done.actor.save", output: saved },
    { type: "xstate.error.actor.save", error: new Error("400") },
  ],
  stories: [
    [
      loaded,
      { type: "EDIT", patch: { minutes: "45", enabled: true } },
      { type: "SAVE" },
      { type: "xstate.done.actor.save", output: saved },
      { type: "SAVE" },
    ],
  ],
  key: (s) => [s.value, s.context.stored?.id ?? null, s.context.draft.minutes, s.context.problem, s.context.failure !== null],
  view: (s) => ({
    tags: [...s.tags].sort(),
    stored: s.context.stored,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
    saved: s.context.saved,
  }),
})

describe("session timeout rules", () => {
  it("creates the first time, then sends only what changed", () => {
    const draft = { enabled: true, minutes: "45", message: " Bye " }
    expect(sessionSaveOf(fresh, draft)).toEqual({ save: { id: null, request: { enabled: true, timeout_minutes: 45, message: "Bye" } } })
    expect(sessionSaveOf(saved, { enabled: true, minutes: "45", message: fresh.message })).toEqual({ problem: "noChange" })
    expect(sessionSaveOf(saved, { enabled: false, minutes: "45", message: fresh.message })).toEqual({
      save: { id: 9, request: { enabled: false } },
    })
  })

  it("needs whole minutes from 1 to 10080 and a message", () => {
    for (const minutes of ["0", "10081", "2.5", "", "abc"])
      expect(sessionSaveOf(fresh, { enabled: true, minutes, message: "x" })).toEqual({ problem: "minutesInvalid" })
    expect(sessionSaveOf(fresh, { enabled: true, minutes: "5", message: " " })).toEqual({ problem: "messageRequired" })
    expect(sessionSaveOf(fresh, { enabled: true, minutes: "5", message: "x".repeat(1001) })).toEqual({ problem: "messageTooLong" })
  })
})
