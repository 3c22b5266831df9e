/** A segment's members, model-based: chosen, loaded, paged, failed and loaded again. */
import { checkModel, type Snap } from "../common/model-check.testing"
import { segmentMembersMachine } from "./segment-members"

const member = { id: 1, number: "+905550000001", name: "A", email: null, channel_type: "whatsapp", blocked: false, attributes: {} }

checkModel({
  name: "segment members",
  machine: segmentMembersMachine,
  sources: ["load"],
  states: ["data.idle", "data.loading", "data.ready", "data.failed"],
  events: [
    { type: "FILTER.CHANGE", patch: { segment: "7" } },
    { type: "FILTER.APPLY" },
    { type: "REPORT.OPEN" },
    { type: "PAGE.SET", page: 1 },
    { type: "xstate.done.actor.load", output: { rows: [member], total: 12 } },
    { type: "xstate.error.actor.load", error: { status: 403, code: "FORBIDDEN", message: "no contacts permission" } },
  ],
  stories: [
    [
      { type: "FILTER.CHANGE", patch: { segment: "7" } },
      { type: "FILTER.APPLY" },
      { type: "xstate.done.actor.load", output: { rows: [member], total: 12 } },
      { type: "PAGE.SET", page: 1 },
      { type: "xstate.done.actor.load", output: { rows: [member], total: 12 } },
      { type: "REPORT.OPEN" },
    ],
  ],
  key: (s: Snap) => [s.value, s.context.filters.segment, s.context.draft.segment, s.context.page, s.context.error !== null],
  view: (s: Snap) => ({
    value: s.value,
    filters: s.context.filters,
    page: s.context.page,
    rows: s.context.rows,
    total: s.context.total,
    error: s.context.error?.message ?? null,
  }),
})
