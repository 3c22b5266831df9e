/**
 * The public module of the segments: what other features may use of them (a segment's rows and members, and its
 * rules as SQL over contacts `ct`). The rest of server/features/segments is its own.
 */
export { loadSegment, placeInSegment, segmentOf, segmentsOfContact } from "./segment-rows"
export { attributeEqualsSql, rulesSql, segmentSql } from "./segment-sql"
export { countIds, rulesIdsSql, segmentIdsSql } from "./segment-sets"
