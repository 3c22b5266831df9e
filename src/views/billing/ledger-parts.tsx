/** A billing account's balance card and ledger table, as the tenant's and the super admin's screens show them. */
import { Card, HTMLTable } from "@blueprintjs/core"
import "../report-kit/report-kit.css"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { BillingAccount, LedgerEntry, LedgerReason } from "../../contract/schemas/billing"
import { formatDateTime } from "../../machines/report-kit/format"
import { useFormat } from "../common/format"

/** Names as typed keep their own reading order inside text of the other direction (Unicode first-strong isolate). */
const isolated = (text: string) => `\u2068${text}\u2069`

/** A ledger entry's reason in the reader's language, from its figures; notes as they were typed. */
const useReasonText = () => {
  const { t } = useTranslation()
  const format = useFormat()
  return (why: LedgerReason): string => {
    switch (why.kind) {
      case "template":
      case "templateRefund":
        return t(`billing.reasons.${why.kind}`, { templates: isolated(why.templates), count: format.count(why.count) })
      case "sms":
        return t("billing.reasons.sms", { messages: format.count(why.messages), parts: format.count(why.parts) })
      case "topUp":
        return why.note ? t("billing.reasons.topUpNote", { note: isolated(why.note) }) : t("billing.reasons.topUp")
      case "adjustment":
        return t("billing.reasons.adjustment", { note: isolated(why.note) })
    }
  }
}

/** Money in the account's currency and the user's language, grouped ("$100,000.00"). */
export const useMoney = (currency: string) => {
  const { i18n } = useTranslation()
  return useMemo(() => {
    const format = new Intl.NumberFormat(`${i18n.language}-u-nu-latn`, { style: "currency", currency, minimumFractionDigits: 2 })
    return (value: number) => format.format(value)
  }, [i18n.language, currency])
}

export const BalanceCard = ({ account }: { account: BillingAccount }) => {
  const { t } = useTranslation()
  const fmt = useMoney(account.currency)
  return (
    <Card data-testid="billing-balance">
      <div className="bp6-text-muted">{t("billing.balance")}</div>
      <div style={{ fontSize: 28, fontWeight: 600 }} data-testid="billing-balance-value">
        {fmt(account.balance)}
      </div>
      <div className="bp6-text-muted" data-testid="billing-credit">
        {account.credit_limit > 0 ? t("billing.credit", { amount: fmt(account.credit_limit) }) : t("billing.noCredit")}
      </div>
    </Card>
  )
}

export const LedgerTable = ({ items, currency }: { items: readonly LedgerEntry[]; currency: string }) => {
  const { t } = useTranslation()
  const reasonText = useReasonText()
  const fmt = useMoney(currency)
  if (items.length === 0)
    return (
      <p className="bp6-text-muted" data-testid="billing-empty">
        {t("billing.empty")}
      </p>
    )
  // Dates and amounts stay on one line and the reason wraps, its reference anywhere; what is still too wide scrolls
  // inside the card instead of widening the page: a named region the keyboard can scroll.
  return (
    <div className="mc-card">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard */}
      <section className="mc-report-table-wrap" tabIndex={0} aria-label={t("billing.ledger")}>
        <HTMLTable striped className="mc-report-table" data-testid="billing-ledger">
          <thead>
            <tr>
              <th>{t("billing.date")}</th>
              <th>{t("billing.reason")}</th>
              <th>{t("billing.amount")}</th>
              <th>{t("billing.after")}</th>
              <th>{t("billing.by")}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id} data-testid="ledger-row">
                <td className="mc-num">{formatDateTime(entry.created_at)}</td>
                <td style={{ whiteSpace: "normal", overflowWrap: "anywhere", minWidth: 160 }}>
                  {reasonText(entry.why)}
                  {entry.ref ? (
                    <span className="bp6-text-muted">
                      {" ("}
                      <bdi dir="ltr">{entry.ref}</bdi>)
                    </span>
                  ) : null}
                </td>
                <td className={`mc-num ${entry.amount < 0 ? "mc-amount-debit" : "mc-amount-credit"}`}>{fmt(entry.amount)}</td>
                <td className="mc-num">{fmt(entry.balance_after)}</td>
                <td>{entry.by ?? t("billing.system")}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </section>
    </div>
  )
}
