/**
 * The one way the console writes each kind of value in the user's language: dates (the spec's DD-MM-YYYY hh:mm a),
 * durations, money, counts, phone numbers and stored enum values. Screens take their text from here, so one kind of
 * value reads the same on every screen.
 */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import { dayText } from "../../machines/report-kit/columns"
import { durationParts, formatDateTime } from "../../machines/report-kit/format"

/** Stored values with a name of their own in every language (strings.ts `enums`). */
export type EnumKind = "channel" | "callStatus" | "messageStatus" | "campaignStatus" | "ticketStatus"

/** Unicode first-strong isolate … pop: a value keeps its own reading order inside text of the other direction. */
const isolate = (text: string) => `\u2068${text}\u2069`

export const formatterFor = (t: ReturnType<typeof useTranslation>["t"], language: string) => {
  const latn = `${language}-u-nu-latn`
  const counts = new Intl.NumberFormat(latn, { maximumFractionDigits: 1 })
  const amounts = new Intl.NumberFormat(latn, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return {
    dateTime: formatDateTime,
    /** A calendar day (`YYYY-MM-DD` as stored) as DD-MM-YYYY. */
    day: dayText,
    /**
     * "45s", "16m 31s", "1h 2m 5s", from a day on "2d 3h 4m", in the user's language and the page's reading order
     * (each number stays whole in Arabic): the one way a length of time reads, from a call's talk time to a ticket's
     * resolution. `compact` (a figure box) leaves the seconds out from an hour on: "1h 29m".
     */
    duration: (seconds: number, compact = false) => {
      const p = durationParts(seconds)
      if (p.short) return t("duration.seconds", { s: p.s })
      if (p.h >= 24) return t("duration.dhm", { d: Math.floor(p.h / 24), h: p.h % 24, m: p.m })
      if (p.h > 0) return compact ? t("duration.hm", { h: p.h, m: p.m }) : t("duration.hms", { h: p.h, m: p.m, s: p.s })
      return t("duration.ms", { m: p.m, s: p.s })
    },
    count: (value: number) => counts.format(value),
    money: (value: number) => amounts.format(value),
    /** A phone number reads left to right in every language, even inside Arabic text. */
    phone: (number: string) => isolate(number),
    /**
     * A stored value's name. One the strings do not know yet is shown as words (`in_progress` as "In progress"),
     * never as the raw token; i18n-resources.test.ts holds the three languages to the same keys.
     */
    enumValue: (kind: EnumKind, value: string) => t(`enums.${kind}.${value}`, { defaultValue: wordsOf(value) }),
  }
}

/** `in_progress` / `IN_PROGRESS` as "In progress": the last resort for a value the strings do not name. */
export const wordsOf = (value: string) => {
  const words = value.replace(/[_-]+/g, " ").trim().toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export type Formatter = ReturnType<typeof formatterFor>

export const useFormat = (): Formatter => {
  const { t, i18n } = useTranslation()
  return useMemo(() => formatterFor(t, i18n.language), [t, i18n.language])
}
