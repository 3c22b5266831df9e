/** Amounts kept in integer minor units shown in their currency (the rule: src/contract/money.ts). */
import { majorText, minorDigits } from "../../contract/money"

export { majorText, minorDigits }

/** `1250` USD in `en` → `$12.50`; in `tr` → `$12,50`. */
export const moneyText = (minor: number, currency: string, locale: string): string => {
  const digits = minorDigits(currency)
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 10 ** digits)
  } catch {
    return `${majorText(minor, currency)} ${currency}`
  }
}
