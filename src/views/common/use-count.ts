/** Whole counts in the user's language with Western digits, grouped ("100,000"; "100.000" in Turkish; "100,000" in Arabic). */
import { useMemo } from "react"
import { useTranslation } from "react-i18next"

export const useCount = () => {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const format = new Intl.NumberFormat(`${i18n.resolvedLanguage ?? "en"}-u-nu-latn`, { maximumFractionDigits: 0 })
    return (n: number) => format.format(n)
  }, [i18n.resolvedLanguage])
}
