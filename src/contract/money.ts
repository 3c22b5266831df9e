/** Amounts kept in integer minor units (cents, kuruş) shown in their currency: the currency says how many decimals. */

/** The currency's decimals (2 for USD and TRY, 0 for JPY, 3 for KWD); 2 when the code is not one Intl knows. */
export const minorDigits = (currency: string): number => {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return 2
  }
}

/** `1250` USD → `12.50` (plain, for files and customer messages). */
export const majorText = (minor: number, currency: string): string => {
  const digits = minorDigits(currency)
  return (minor / 10 ** digits).toFixed(digits)
}
