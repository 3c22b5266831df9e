/** The MAU page actor, model-based (common/model-check.testing.ts), and the month rules it rests on. */
import { describe, expect, it } from "vitest"
import type { MauRow } from "../../contract/schemas/tenants"
import { checkModel } from "../common/model-check.testing"
import { mauMachine } from "./mau-machine"
import { activeChannels, businessesOf, isEmail, mauMonths, monthsBetween, rangeProblem, shiftMonth } from "./mau-months"

const row = (client_id: number, month: string, whatsapp: number, sms = 0): MauRow => ({
  client_id,
  client_name: client_id === 1 ? "Acme" : "Globex",
  month,
  users: whatsapp + sms,
  conversations: whatsapp,
  by_channel: [
    ...(whatsapp ? [{ channel_type: "whatsapp" as const, users: whatsapp }] : []),
    ...(sms ? [{ channel_type: "sms" as const, users: sms }] : []),
  ],
})
const rows = [row(1, "2026-06", 3, 1), row(2, "2026-06", 5)]

checkModel({
  name: "MAU report",
  machine: mauMachine,
  input: { scope: "tenant", month: "2026-06" },
  sources: ["load", "send"],
  states: ["report.loading", "report.ready", "report.failed", "mail.idle", "mail.sending"],
  events: [
    { type: "xstate.done.actor.load", output: rows },
    { type: "xstate.error.actor.load", error: Object.assign(new Error("offline"), { status: 0 }) },
    { type: "REFRESH" },
    { type: "RANGE.SET", from: "2026-01", to: "2026-03" },
    { type: "RANGE.SET", from: "2026-05", to: "2026-01" },
    { type: "BUSINESS.SET", clientId: 2 },
    { type: "MAIL.EDIT", patch: { email: "ops@acme.example" } },
    { type: "MAIL.EDIT", patch: { email: "not an address" } },
    { type: "MAIL.SEND" },
    { type: "xstate.done.actor.send", output: { email: "ops@acme.example", month: "2026-06" } },
    { type: "xstate.error.actor.send", error: Object.assign(new Error("The mail server refused the message"), { status: 502 }) },
  ],
  key: (s) => [
    s.value,
    s.context.from,
    s.context.to,
    s.context.problem,
    s.context.mail.email,
    s.context.mail.problem,
    s.context.rows !== null,
    s.context.clientId,
    s.context.mail.sent !== null,
    s.context.mail.failure !== null,
  ],
  view: (s) => ({
    value: s.value,
    range: [s.context.from, s.context.to],
    months: s.context.months,
    rows: s.context.rows,
    clientId: s.context.clientId,
    problem: s.context.problem,
    failed: s.context.failure !== null,
    mail: { ...s.context.mail, failure: s.context.mail.failure?.status ?? null },
  }),
})

describe("MAU months", () => {
  it("reads a range of months, both ends included, across a year", () => {
    expect(monthsBetween("2025-11", "2026-02")).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"])
    expect(shiftMonth("2026-01", -5)).toBe("2025-08")
  })

  it("refuses a range backwards, too long or not a month", () => {
    expect(rangeProblem("2026-05", "2026-01")).toBe("order")
    expect(rangeProblem("2024-01", "2026-01")).toBe("tooLong")
    expect(rangeProblem("2026-13", "2026-01")).toBe("invalid")
    expect(rangeProblem("2024-02", "2026-01")).toBeNull()
  })

  it("sums the businesses chosen per month and channel, with empty months as zeros", () => {
    const lines = mauMonths(rows, ["2026-05", "2026-06"])
    expect(lines[0]).toMatchObject({ month: "2026-05", users: 0 })
    expect(lines[1].byChannel).toMatchObject({ whatsapp: 8, sms: 1, facebook: 0 })
    expect(lines[1].users).toBe(9)
    expect(mauMonths(rows, ["2026-06"], 2)[0].users).toBe(5)
    expect(activeChannels(lines)).toEqual(["whatsapp", "sms"])
    expect(businessesOf(rows).map((b) => b.name)).toEqual(["Acme", "Globex"])
  })

  it("knows an e-mail address", () => {
    expect(isEmail("ops@acme.example")).toBe(true)
    expect(isEmail("ops@acme")).toBe(false)
  })
})
