/**
 * Model-based test of the quick-jump box: shortest paths over opening, typing, moving the highlight, choosing and
 * closing, replayed on a real actor; choosing emits the highlighted screen's address and closes the box.
 */
import { describe, expect, it } from "vitest"
import { createActor } from "xstate"
import { getShortestPaths } from "xstate/graph"
import { type JumpTarget, matchesOf, type QuickJumpEvent, quickJumpMachine } from "./quick-jump-machine"

const targets: JumpTarget[] = [
  { path: "/apps/chat", title: "Chat" },
  { path: "/report/chat", title: "Chat Report" },
  { path: "/apps/users", title: "Kullanıcılar" },
  { path: "/sms/send", title: "Send SMS" },
]

const events: QuickJumpEvent[] = [
  { type: "JUMP.OPEN", targets },
  { type: "JUMP.TYPE", query: "chat" },
  { type: "JUMP.TYPE", query: "KULLANICI" },
  { type: "JUMP.TYPE", query: "nothing like it" },
  { type: "JUMP.NEXT" },
  { type: "JUMP.PREV" },
  { type: "JUMP.CHOOSE" },
  { type: "JUMP.CHOOSE", index: 1 },
  { type: "JUMP.CLOSE" },
]

const paths = getShortestPaths(quickJumpMachine, {
  events,
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.query, snapshot.context.active]),
  limit: 5_000,
})

describe("quick-jump machine (model-based)", () => {
  it("finds screens by every word of their title, ignoring case, accents and the Turkish dotless i", () => {
    expect(matchesOf(targets, "chat").map((t) => t.path)).toEqual(["/apps/chat", "/report/chat"])
    expect(matchesOf(targets, "report CHAT").map((t) => t.path)).toEqual(["/report/chat"])
    expect(matchesOf(targets, "kullanici").map((t) => t.path)).toEqual(["/apps/users"])
    expect(matchesOf(targets, "sms").map((t) => t.path)).toEqual(["/sms/send"])
    expect(matchesOf(targets, "")).toHaveLength(targets.length)
  })

  it("goes to the highlighted match on Enter, to a clicked one by index, and not at all without a match", () => {
    const actor = createActor(quickJumpMachine).start()
    const went: string[] = []
    actor.on("go", (event) => went.push(event.path))
    actor.send({ type: "JUMP.OPEN", targets })
    actor.send({ type: "JUMP.TYPE", query: "chat" })
    actor.send({ type: "JUMP.NEXT" })
    actor.send({ type: "JUMP.CHOOSE" })
    expect(went).toEqual(["/report/chat"])
    expect(actor.getSnapshot().matches("closed")).toBe(true)
    actor.send({ type: "JUMP.OPEN", targets })
    actor.send({ type: "JUMP.PREV" })
    actor.send({ type: "JUMP.CHOOSE", index: 2 })
    actor.send({ type: "JUMP.OPEN", targets })
    actor.send({ type: "JUMP.TYPE", query: "nothing like it" })
    actor.send({ type: "JUMP.CHOOSE" })
    expect(went).toEqual(["/report/chat", matchesOf(targets, "")[2].path])
    expect(actor.getSnapshot().matches("open")).toBe(true)
  })

  it("walks open and closed, with the highlight moved both ways", () => {
    expect(new Set(paths.map((path) => String(path.state.value)))).toEqual(new Set(["closed", "open"]))
    expect(paths.some((path) => path.state.context.active > 0)).toBe(true)
  })

  it.each(paths.map((path) => [path.steps.map((step) => JSON.stringify(step.event)).join(" > ") || "(initial)", path] as const))(
    "replays %s on the real actor",
    (_name, path) => {
      const actor = createActor(quickJumpMachine).start()
      const went: string[] = []
      actor.on("go", (event) => went.push(event.path))
      for (const step of path.steps) {
        const before = actor.getSnapshot()
        actor.send(step.event)
        const after = actor.getSnapshot()
        expect(after.value).toEqual(step.state.value)
        expect(after.context).toEqual(step.state.context)
        if (step.event.type === "JUMP.CHOOSE" && before.matches("open") && after.matches("closed")) {
          const index = step.event.index ?? before.context.active
          expect(went.at(-1)).toBe(before.context.matches[index].path)
        }
        const { matches, active } = after.context
        expect(active === 0 || active < matches.length).toBe(true)
      }
    },
  )
})
