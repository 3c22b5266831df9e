/**
 * Amounts kept in integer minor units (cents, kuruş, fils) and shown or typed in their currency's major units: the
 * currency says how many decimals (Intl). The one conversion rule, read by the console (orders, the product editor)
 * and the server (the product CSV import).
 */

/** The currency's decimals (2 for USD and TRY, 0 for JPY, 3 for KWD); 2 when the code is not one Intl knows. */
export const minorDigits = (currency: string): number => {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** `1250` USD → `12.50` (plain, for files, form fields and customer messages). */
export const majorText = (minor: number, currency: string): string => {
  const digits = minorDigits(currency)
  return (minor / 10 ** digits).toFixed(digits)
}

/** The largest amount a price may hold (the contract's `MinorUnits`). */
export const MAX_MINOR = 1e13

/**
 * A price typed in major units (`12.50`, `12,5`, `1250`) → integer minor units (`1250` for USD); null when it is not a
 * plain non-negative number, has more decimals than the currency has, or is too large. Digits are shifted as text, so
 * `0.29` is 29, never 28.999….
 */
export const minorOf = (text: string, currency: string): number | null => {
  const match = /^(\d{1,13})(?:[.,](\d*))?$/.exec(text.trim())
  if (!match) return null
  const digits = minorDigits(currency)
  const fraction = match[2] ?? ""
  if (fraction.length > digits) return null
  const minor = Number(match[1] + fraction.padEnd(digits, "0"))
  return Number.isSafeInteger(minor) && minor <= MAX_MINOR ? minor : null
}

/** `1250` USD in `en` → `$12.50`; in `tr` → `$12,50`. */
export const moneyText = (minor: number, currency: string, locale: string): string => {
  const digits = minorDigits(currency)
  try {
    return new Intl.NumberFormat(locale, { style: "currency", currency }).format(minor / 10 ** digits)
  } catch {
    return `${majorText(minor, currency)} ${currency}`
  }
}
