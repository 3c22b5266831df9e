/** The public module of the reports feature: what other features may use of it. */
export {
  callOutcomeOf,
  callTotals,
  conversationTotals,
  csatOf,
  dayTrends,
  dtWhere,
  messageTotals,
  percentOf,
  rollupFrom,
  slotWhere,
} from "./metrics"
export { flushRollups } from "./rollup-flush"
export { reportRange } from "./report-range"
export type { ReportRange } from "./report-range"
export type { CallOutcome } from "./metrics"
