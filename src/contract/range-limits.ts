/**
 * The date-range rules every dashboard and report call shares (re-exported by schemas/reports.ts). A module of its own
 * so a screen that checks a range before calling does not pull the whole schema module into its chunk.
 */

/** The longest range a dashboard or report call accepts, in days. */
export const MAX_RANGE_DAYS = 366
/** The range of a call that names no dates: the last 30 local days (today included). */
export const DEFAULT_RANGE_DAYS = 30
