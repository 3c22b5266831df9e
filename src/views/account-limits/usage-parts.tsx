/** A limit's usage as the screens show it: the bar and the words, numbers grouped in the user's language. */
import { ProgressBar } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import type { UsageRow } from "../../machines/account-limits/usage"
import { useCount } from "../common/use-count"

/** A limit's bar (amber from 80 %, red when reached), named by its limit; nothing without a limit. */
export const UsageBar = ({ row }: { row: UsageRow }) => {
  const { t } = useTranslation()
  return row.share === null ? null : (
    <ProgressBar
      aria-label={t(`accountLimits.keys.${row.key}`)}
      value={row.share}
      animate={false}
      stripes={false}
      intent={row.reached ? "danger" : row.share >= 0.8 ? "warning" : "primary"}
    />
  )
}

/** "1,200 of 100,000", "No limit" or "… limit reached", numbers grouped in the user's language. */
export const useUsageText = () => {
  const { t } = useTranslation()
  const count = useCount()
  return (row: UsageRow) =>
    row.limit === null
      ? t("accountLimits.noLimit")
      : t(row.reached ? "accountLimits.reached" : "accountLimits.usedOf", { used: count(row.used), limit: count(row.limit) })
}
