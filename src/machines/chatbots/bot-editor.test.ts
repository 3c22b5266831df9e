/** The bot editor and the "try it" panel, model-based (common/model-check.testing.ts), and the editor's rules. */
import { describe, expect, it } from "vitest"
import { salesFlow, shopFlow } from "../../contract/chatbots/flows.testing"
import type { AutoReply } from "../../contract/schemas/chatbots"
import { checkModel } from "../common/model-check.testing"
import { botEditorMachine, botProblemOf } from "./bot-editor"
import { botTryMachine } from "./bot-try"
import { addNode, removeNode } from "./flow-edit"
import { layoutOf } from "./flow-layout"

const row: AutoReply = {
  id: 7,
  name: "Sales",
  trigger: { type: "keyword", match: "contains", keywords: ["menu"] },
  channel_type: "whatsapp",
  flow: salesFlow,
  active: true,
  self_service: false,
  owner_id: null,
  attributes: {},
  updated_at: "2026-11-20T10:00:00Z",
}
const saved = { type: "xstate.done.actor.save", output: { data: row } }
const refused = Object.assign(new Error("Node x leads nowhere"), { status: 400, code: "BAD_REQUEST", field: "flow" })
const broken = removeNode(salesFlow, "sales")

checkModel({
  name: "chatbot editor",
  machine: botEditorMachine(false),
  sources: ["save", "remove", "run"],
  // No delete here: the screen switches bots off instead (the calls have no delete).
  states: ["record.closed", "record.editing", "record.saving", "record.running"],
  events: [
    { type: "NEW" },
    { type: "EDIT", row },
    { type: "CHANGE", patch: { name: "Menu" } },
    { type: "CHANGE", patch: { flow: broken } },
    { type: "CHANGE", patch: { flow: salesFlow } },
    { type: "SAVE" },
    { type: "CANCEL" },
    { type: "RUN", action: "disable", row },
    saved,
    { type: "xstate.error.actor.save", error: refused },
    { type: "xstate.done.actor.run", output: { data: row } },
  ],
  stories: [
    [{ type: "NEW" }, { type: "CHANGE", patch: { name: "Menu", flow: salesFlow } }, { type: "SAVE" }, saved],
    [{ type: "EDIT", row }, { type: "CHANGE", patch: { flow: broken } }, { type: "SAVE" }],
  ],
  key: (s) => [
    s.value,
    s.context.saved > 0,
    s.context.row?.id ?? null,
    s.context.draft.name,
    s.context.draft.flow.nodes.length,
    s.context.problem,
    s.context.failure?.field ?? null,
  ],
  view: (s) => ({
    tags: [...s.tags].sort(),
    row: s.context.row,
    draft: s.context.draft,
    problem: s.context.problem,
    failure: s.context.failure,
  }),
})

const say = (text: string) => ({ type: "SAY", text })
const looked = { type: "xstate.done.actor.lookup", output: [] }
const branches = {
  type: "xstate.done.actor.lookup",
  output: [{ type: "text", body: "Our nearest branches:\n\n1. Kadıköy (1.2 km)", payload: {} }],
}
const share = { type: "SHARE", point: { latitude: 41, longitude: 29 } }
checkModel({
  name: "chatbot try panel",
  machine: botTryMachine,
  sources: ["lookUpAll"],
  states: ["idle", "looking", "talking", "handedOff"],
  events: [
    { type: "START", flow: salesFlow },
    { type: "START", flow: shopFlow },
    looked,
    branches,
    { type: "xstate.error.actor.lookup", error: new Error("offline") },
    share,
    say("Sales"),
    say("2"),
    say("nonsense"),
    say("a@b.co"),
    say(" "),
    { type: "FACTS", patch: { inHours: false } },
  ],
  stories: [
    [{ type: "START", flow: salesFlow }, looked, say("Sales"), looked, say("a@b.co"), looked],
    [{ type: "START", flow: shopFlow }, looked, share, branches, say("Products"), looked],
    [{ type: "START", flow: shopFlow }, looked, share, { type: "xstate.error.actor.lookup", error: new Error("offline") }],
  ],
  // Finite: the walk keys on where the bot waits and how many misses, not on the growing transcript.
  key: (s) => [
    s.value,
    s.context.flow?.start ?? null,
    s.context.state?.node ?? null,
    s.context.state?.misses ?? 0,
    s.context.facts.inHours,
  ],
  view: (s) => ({ value: s.value, lines: s.context.lines, node: s.context.state?.node ?? null }),
})

describe("chatbot editor rules", () => {
  it("needs a name, a keyword and a flow the server's rules accept", () => {
    const draft = { name: "Menu", channel_type: "whatsapp" as const, trigger: row.trigger, flow: salesFlow, active: true }
    expect(botProblemOf(draft, false)).toBeNull()
    expect(botProblemOf({ ...draft, name: " " }, false)).toBe("nameRequired")
    expect(botProblemOf({ ...draft, trigger: { type: "keyword", match: "exact", keywords: [" "] } }, false)).toBe("keywordsRequired")
    expect(botProblemOf({ ...draft, flow: broken }, false)).toBe("flowInvalid")
    expect(botProblemOf(draft, true)).toBe("flowInvalid")
  })

  it("adds nodes under free keys, removes one with its arrows, and lays the graph out from the start", () => {
    const more = addNode(addNode(salesFlow, "question"), "question")
    expect(more.nodes.slice(-2).map((n) => n.id)).toEqual(["question-1", "question-2"])
    expect(JSON.stringify(removeNode(salesFlow, "email"))).not.toContain('"email"')
    const layout = layoutOf(more)
    const x = (id: string) => layout.nodes.find((p) => p.node.id === id)!.x
    expect(x("welcome")).toBe(0)
    expect(x("email")).toBeGreaterThan(0)
    expect(x("sales")).toBeGreaterThan(x("tag"))
    expect(layout.nodes.filter((p) => !p.reachable).map((p) => p.node.id)).toEqual(["question-1", "question-2"])
    expect(layout.arrows).toContainEqual({ from: "welcome", to: "support", label: "Support" })
  })
})
