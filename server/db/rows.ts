/** Small helpers for the raw SQL the features write: the rows of a result, and LIKE patterns from typed text. */

/** The rows of `db.execute(...)`, which PGlite and node-postgres both return under `rows`. */
export const rowsOf = (result: unknown): Record<string, unknown>[] => (result as { rows: Record<string, unknown>[] }).rows

/** A json/jsonb column's value: node-postgres parses it, PGlite may hand the text. */
export const jsonOf = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T

/**
 * A `client_settings` value (jsonb holding a string, an object or an array): node-postgres parses it, PGlite hands its
 * text, which is parsed only when it is JSON text (a string node-postgres parsed is kept as it is).
 */
export const settingValueOf = (value: unknown): unknown => (typeof value === "string" && /^["{[]/.test(value) ? JSON.parse(value) : value)

/** `%`, `_` and `\` typed by a person are literal characters in a LIKE pattern, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** A "contains" pattern for a search box's text (trimmed). */
export const likeOf = (search: string) => `%${escapeLike(search.trim())}%`

/** A "starts with" pattern for text that must match literally (a typed ticket number, a generated prefix). */
export const prefixLikeOf = (text: string) => `${escapeLike(text)}%`
