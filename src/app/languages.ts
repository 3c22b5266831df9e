/** The console's languages; Arabic is right to left. */
export const LANGUAGES = ["en", "tr", "ar"] as const
export type Language = (typeof LANGUAGES)[number]

export const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value)
