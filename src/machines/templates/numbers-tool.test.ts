/** Check number and Clear number, model-based: a pasted list read before any call, RUN, the answer or the failure kept. Then the reading rule. */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { checkNumbersMachine, clearNumbersMachine, MAX_NUMBERS, numbersProblemOf, readNumbers } from "./numbers-tool"

const events = (output: unknown) => [
  { type: "TEXT", value: "+905551112233\n905551112244" },
  { type: "TEXT", value: "+905551112233, call me" },
  { type: "TEXT", value: "" },
  { type: "RUN" },
  { type: "xstate.done.actor.run", output },
  { type: "xstate.error.actor.run", error: { status: 403, code: "FORBIDDEN", message: "Missing permission BACK:templates" } },
]
const key = (s: { value: unknown; context: { text: string; problem: string | null; result: unknown; failure: unknown } }) => [
  s.value,
  s.context.text,
  s.context.problem,
  s.context.result !== null,
  s.context.failure !== null,
]
const view = (s: { value: unknown; context: unknown }) => ({ value: s.value, context: s.context })

checkModel({
  name: "check number",
  machine: checkNumbersMachine,
  sources: ["run"],
  states: ["editing", "working"],
  events: events([{ number: "+905551112233", on_whatsapp: true, blacklisted: false }]),
  key,
  view,
})

checkModel({
  name: "clear number",
  machine: clearNumbersMachine,
  sources: ["run"],
  states: ["editing", "working"],
  events: events({ cleared: ["+905551112233"], not_listed: ["+905551112244"] }),
  key,
  view,
})

describe("pasted numbers", () => {
  it("reads one per line, comma or semicolon, in international form, once each, and names what it cannot read", () => {
    expect(readNumbers(" +90 555 111 22 33\n905551112233; (0090) 1;+971-50-123-4567,")).toEqual({
      numbers: ["+905551112233", "+971501234567"],
      unreadable: ["(0090) 1"],
    })
    expect(numbersProblemOf(readNumbers("  \n"))).toBe("empty")
    expect(numbersProblemOf(readNumbers("abc"))).toBe("unreadable")
    const many = Array.from({ length: MAX_NUMBERS + 1 }, (_, i) => `+90555${String(i).padStart(7, "0")}`).join("\n")
    expect(numbersProblemOf(readNumbers(many))).toBe("tooMany")
  })
})
