/** A dev hook's JSON body (or query) as a plain record: anything else reads as empty. */
export type Body = Record<string, unknown>

export const bodyOf = (raw: unknown): Body => (raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Body) : {})
