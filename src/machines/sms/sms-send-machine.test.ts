/**
 * The send screen's machine, model-based (common/model-check.testing.ts): counting and validation decide whether SEND
 * goes; sending, polling the batch to its end, a failed send keeping the draft, NEW starting over with the same mask.
 * The rules behind it (parts, cost, pasted numbers) are checked directly below.
 */
import { describe, expect, it } from "vitest"
import { checkModel } from "../common/model-check.testing"
import { parseNumbers, problemOf, summaryOf } from "./sms-draft"
import { MAX_POLLS, POLL_MS, smsSendMachine } from "./sms-send-machine"

const AFTER_POLL = "xstate.after.POLL.smsSend.tracking.waiting"
const masks = [
  { id: 7, mask: "ACME", rate: 0.05 },
  { id: 8, mask: "SHOP", rate: 0.1 },
]
const sent = { batch_id: "b-1", count: 2, parts: 2, encoding: "UCS-2", cost: 0.2, messages: [] }

checkModel({
  name: "SMS send",
  machine: smsSendMachine,
  sources: ["loadChoices", "sendSms", "pollBatch"],
  after: { type: AFTER_POLL, ms: POLL_MS },
  states: ["loading", "failed", "editing", "sending", "tracking.waiting", "tracking.polling", "done"],
  events: [
    { type: "xstate.done.actor.loadChoices", output: { masks, groups: [{ id: 3, name: "VIP" }], segments: [] } },
    { type: "xstate.error.actor.loadChoices", error: { status: 403, code: "FORBIDDEN", message: "Missing permission BACK:sms" } },
    { type: "RETRY" },
    { type: "EDIT", field: "maskId", value: 8 },
    { type: "EDIT", field: "text", value: "مرحبا بكم" },
    { type: "EDIT", field: "numbers", value: "+905551112233\n905551112244" },
    { type: "EDIT", field: "numbers", value: "12ab" },
    { type: "EDIT", field: "groupId", value: 3 },
    { type: "SEND" },
    { type: "xstate.done.actor.sendSms", output: sent },
    { type: "xstate.error.actor.sendSms", error: { status: 403, code: "FORBIDDEN", message: "The sender mask SHOP is not approved yet" } },
    { type: AFTER_POLL },
    { type: "xstate.done.actor.pollBatch", output: { queued: 1, sent: 1, delivered: 0, failed: 0 } },
    { type: "xstate.done.actor.pollBatch", output: { queued: 0, sent: 0, delivered: 2, failed: 0 } },
    { type: "xstate.error.actor.pollBatch", error: { status: null, code: "NetworkFailure", message: "offline" } },
    { type: "NEW" },
  ],
  stories: [
    [
      { type: "xstate.done.actor.loadChoices", output: { masks: [masks[0]], groups: [], segments: [] } },
      { type: "EDIT", field: "text", value: "Your order has shipped" },
      { type: "EDIT", field: "numbers", value: "+905551112233" },
      { type: "SEND" },
      { type: "xstate.done.actor.sendSms", output: sent },
      { type: AFTER_POLL },
      { type: "xstate.error.actor.pollBatch", error: { status: null, code: "NetworkFailure", message: "offline" } },
      { type: AFTER_POLL },
      { type: "xstate.done.actor.pollBatch", output: { queued: 0, sent: 0, delivered: 1, failed: 1 } },
      { type: "NEW" },
    ],
    [
      { type: "xstate.done.actor.loadChoices", output: { masks, groups: [], segments: [] } },
      { type: "EDIT", field: "maskId", value: 7 },
      { type: "EDIT", field: "text", value: "Hi" },
      { type: "EDIT", field: "segmentId", value: 4 },
      { type: "SEND" },
      { type: "xstate.done.actor.sendSms", output: sent },
      { type: "NEW" },
    ],
  ],
  key: (s) => [
    s.value,
    problemOf(s.context.draft),
    s.context.sent !== null,
    s.context.failure !== null,
    s.context.progress?.queued ?? null,
  ],
  view: (s) => ({ value: s.value, context: s.context }),
})

describe("the send screen's rules", () => {
  it("reads pasted numbers one per line or separated, de-duplicated, and names the bad ones", () => {
    expect(parseNumbers("+90 555 111 2233\n905551112233, +905551112244;bad-1\n\n")).toEqual({
      valid: ["+905551112233", "+905551112244"],
      invalid: ["bad-1"],
    })
  })

  it("says what keeps a draft from going, in order", () => {
    const draft = { text: "", numbers: "", groupId: null, segmentId: null, maskId: null }
    expect(problemOf(draft)).toBe("noMask")
    expect(problemOf({ ...draft, maskId: 7 })).toBe("noText")
    expect(problemOf({ ...draft, maskId: 7, text: "Hi" })).toBe("noRecipients")
    expect(problemOf({ ...draft, maskId: 7, text: "Hi", numbers: "12ab" })).toBe("badNumbers")
    expect(problemOf({ ...draft, maskId: 7, text: "x".repeat(1601), numbers: "+905551112233" })).toBe("tooLong")
    expect(problemOf({ ...draft, maskId: 7, text: "Hi", segmentId: 2 })).toBeNull()
  })

  it("prices parts × recipients at the chosen mask's rate", () => {
    const draft = { text: "ğ".repeat(71), numbers: "+905551112233\n+905551112244", groupId: null, segmentId: null, maskId: 8 }
    const summary = summaryOf(draft, masks)
    expect(summary.count).toMatchObject({ encoding: "UCS-2", parts: 2 })
    expect(summary).toMatchObject({ numbers: 2, perRecipient: 0.2, total: 0.4 })
    expect(summaryOf({ ...draft, maskId: null }, masks).total).toBeNull()
  })

  it("stops watching a batch after MAX_POLLS polls", () => {
    expect(MAX_POLLS * POLL_MS).toBeGreaterThanOrEqual(120_000)
  })
})
