/** WhatsApp's template rules: known cases, and properties over random drafts (fast-check). */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { TEMPLATE_LIMITS, fillPlaceholders, paramCountOf, templateProblems, type TemplateDraft } from "./template-rules"

const ok: TemplateDraft = {
  name: "order_update",
  category: "UTILITY",
  body: "Hello {{1}}, your order {{2}} is on its way.",
  body_examples: ["Ayşe", "A-1"],
}
const codes = (d: Partial<TemplateDraft>) => templateProblems({ ...ok, ...d }).map((p) => p.code)

describe("template rules", () => {
  it("accepts a well-formed template and names each broken rule", () => {
    expect(templateProblems(ok)).toEqual([])
    expect(codes({ name: "Order" })).toEqual(["name_pattern"])
    expect(codes({ body: "{{1}} is here", body_examples: ["x"] })).toEqual(["body_edge_param"])
    expect(codes({ body: "Hi {{2}} there" })).toEqual(["body_params_order"])
    expect(codes({ body_examples: ["Ayşe", " "] })).toEqual(["body_example_missing"])
    expect(codes({ footer: "f".repeat(61) })).toEqual(["footer_too_long"])
    expect(codes({ footer: "Hi {{1}}" })).toEqual(["footer_params"])
    expect(codes({ header_type: "text", header: "Order {{1}}" })).toEqual(["header_example_missing"])
    expect(codes({ header_type: "text", header: "Order {{1}}", header_example: "A-1" })).toEqual([])
    expect(codes({ header_type: "image", header: "not a link" })).toEqual(["header_media_link"])
    expect(
      codes({
        buttons: [
          { type: "PHONE_NUMBER", text: "Call", value: "+905551112233" },
          { type: "PHONE_NUMBER", text: "Call 2", value: "+905551112234" },
        ],
      }),
    ).toEqual(["too_many_phones"])
    expect(codes({ buttons: [{ type: "URL", text: "Open", value: "ftp://x" }] })).toEqual(["button_url"])
  })

  const button = fc.record({
    type: fc.constantFrom("QUICK_REPLY" as const, "URL" as const, "PHONE_NUMBER" as const),
    text: fc.string({ minLength: 1, maxLength: 25 }).filter((s) => s.trim() !== ""),
    value: fc.constantFrom("https://shop.example/o", "+905551112233"),
  })

  it("buttons: quick replies (at most 3) and calls to action (at most 2) never mix", () => {
    fc.assert(
      fc.property(fc.array(button, { maxLength: 6 }), (buttons) => {
        const fixed = buttons.map((b) => ({ ...b, value: b.type === "URL" ? "https://shop.example/o" : "+905551112233" }))
        const quick = fixed.filter((b) => b.type === "QUICK_REPLY").length
        const cta = fixed.length - quick
        const phones = fixed.filter((b) => b.type === "PHONE_NUMBER").length
        const allowed = (quick === 0 || cta === 0) && quick <= 3 && cta <= 2 && phones <= 1
        expect(templateProblems({ ...ok, buttons: fixed }).length === 0).toBe(allowed)
      }),
    )
  })

  it("a body is accepted exactly when its parameters run 1..n, each with an example, within the limits", () => {
    const words = fc.array(fc.constantFrom("Hello", "order", "today", "{{1}}", "{{2}}", "{{3}}", "{{5}}"), { minLength: 1, maxLength: 12 })
    fc.assert(
      fc.property(words, fc.nat(5), (parts, examples) => {
        const body = `Dear ${parts.join(" ")} thanks`
        const found = new Set([...body.matchAll(/\{\{(\d+)\}\}/g)].map((m) => Number(m[1])))
        const n = paramCountOf(body)
        const runs = [...found].every((x) => x <= found.size)
        const d = { ...ok, body, body_examples: Array.from({ length: examples }, (_, i) => `e${i}`) }
        expect(templateProblems(d).length === 0).toBe(runs && examples >= n && body.length <= TEMPLATE_LIMITS.body)
      }),
    )
  })

  it("the preview fills every placeholder that has a value and keeps the others", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ minLength: 1, maxLength: 8 }).filter((s) => !s.includes("{")),
          { maxLength: 4 },
        ),
        (values) => {
          const body = "A {{1}} B {{2}} C {{3}} D {{4}}"
          const shown = fillPlaceholders(body, values)
          for (let i = 1; i <= 4; i++) expect(shown.includes(`{{${i}}}`)).toBe(i > values.length)
        },
      ),
    )
  })

  it("names are lower-case letters, digits and underscores, 1 to 512 of them", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (name) => {
        const valid = /^[a-z0-9_]{1,512}$/.test(name)
        expect(templateProblems({ ...ok, name }).some((p) => p.field === "name")).toBe(!valid)
      }),
    )
  })
})
