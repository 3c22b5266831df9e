/** ILIKE patterns from what a user typed: `%` and `_` are literal characters in a search box, not wildcards. */
const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export const containsPattern = (text: string) => `%${escape(text.trim())}%`
export const prefixPattern = (text: string) => `${escape(text.trim())}%`
