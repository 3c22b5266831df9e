/**
 * SMS segmentation (3GPP TS 23.038 / 23.040), shared by the send screen (live count and cost) and the server (the
 * parts it submits over SMPP and bills). A text made only of the GSM 7-bit default alphabet and its extension table
 * goes as GSM-7 (160 septets in one part, 153 per part when concatenated: the UDH takes 6 octets); anything else as
 * UCS-2 (70 UTF-16 units, 67 per part). Extension characters cost two septets (ESC + char) and never straddle two parts;
 * a surrogate pair (an emoji) never straddles two parts either.
 */

export type SmsEncoding = "GSM-7" | "UCS-2"

const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
/** The extension table: each costs two septets. */
const GSM_EXTENSION = "\f^{}\\[~]|€"

const basic = new Set(GSM_BASIC)
const extension = new Set(GSM_EXTENSION)

/** Single part and per-part (concatenated) limits, in the encoding's units. */
export const SMS_LIMITS: Readonly<Record<SmsEncoding, { readonly single: number; readonly multi: number }>> = {
  "GSM-7": { single: 160, multi: 153 },
  "UCS-2": { single: 70, multi: 67 },
}

/** The most parts one message may have (the send call accepts up to 1,600 characters). */
export const SMS_MAX_PARTS = 10

export const isGsmChar = (ch: string) => basic.has(ch) || extension.has(ch)

export const smsEncodingOf = (text: string): SmsEncoding => {
  for (const ch of text) if (!isGsmChar(ch)) return "UCS-2"
  return "GSM-7"
}

/** What one character (a code point) costs in the encoding's units: septets for GSM-7, UTF-16 units for UCS-2. */
const costOf = (ch: string, encoding: SmsEncoding) => (encoding === "GSM-7" ? (extension.has(ch) ? 2 : 1) : ch.length)

export interface SmsCount {
  readonly encoding: SmsEncoding
  /** Units used: septets (GSM-7) or UTF-16 units (UCS-2). */
  readonly units: number
  readonly parts: number
  /** Units one part holds for this text (single or concatenated). */
  readonly perPart: number
  /** Units left in the last part before another one starts. */
  readonly remaining: number
}

/** The text's parts: each within its limit, joined they give the text back. */
export const splitSms = (text: string): string[] => {
  const encoding = smsEncodingOf(text)
  const limits = SMS_LIMITS[encoding]
  const chars = Array.from(text)
  const total = chars.reduce((n, ch) => n + costOf(ch, encoding), 0)
  if (total <= limits.single) return text === "" ? [] : [text]
  const parts: string[] = []
  let current = ""
  let used = 0
  for (const ch of chars) {
    const cost = costOf(ch, encoding)
    if (used + cost > limits.multi) {
      parts.push(current)
      current = ""
      used = 0
    }
    current += ch
    used += cost
  }
  if (current !== "") parts.push(current)
  return parts
}

export const countSms = (text: string): SmsCount => {
  const encoding = smsEncodingOf(text)
  const limits = SMS_LIMITS[encoding]
  let units = 0
  for (const ch of text) units += costOf(ch, encoding)
  const parts = splitSms(text).length
  const perPart = parts > 1 ? limits.multi : limits.single
  // With several parts, what is left is the room in the last part (extension characters may leave a septet unused).
  const lastUsed = parts > 1 ? Array.from(splitSms(text)[parts - 1]).reduce((n, ch) => n + costOf(ch, encoding), 0) : units
  return { encoding, units, parts, perPart, remaining: perPart - lastUsed }
}

/** The cost of sending `text` to `recipients` at `rate` per part, rounded to 4 decimals (money stays exact enough). */
export const smsCost = (parts: number, recipients: number, rate: number) => Math.round(parts * recipients * rate * 10_000) / 10_000
