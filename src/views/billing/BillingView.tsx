/** Billing (/apps/billing): the tenant's balance and its latest ledger entries with running balance (page actor `billing-ledger`). */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Card, HTMLTable, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { billingLedgerMachine } from "../../machines/billing/ledger"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"

type LedgerActor = ActorRefFrom<typeof billingLedgerMachine>

const money = (value: number, currency: string, language: string) =>
  new Intl.NumberFormat(language, { style: "currency", currency, minimumFractionDigits: 2 }).format(value)

export const BillingView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<LedgerActor>("billing-ledger")
  return (
    <div className="mc-page" data-testid="billing-page">
      <PageHeader
        title={t("billing.title")}
        subtitle={t("billing.subtitle")}
        actions={actor ? <Button icon="refresh" text={t("billing.refresh")} onClick={() => actor.send({ type: "REFRESH" })} /> : null}
      />
      {actor ? <Ledger actor={actor} /> : <Spinner />}
    </div>
  )
}

const Ledger = ({ actor }: { actor: LedgerActor }) => {
  const { t, i18n } = useTranslation()
  const failureText = useFailureText()
  const ledger = useSelector(actor, (s) => s.context.ledger)
  const failure = useSelector(actor, (s) => s.context.failure)
  if (failure) return <Callout intent="danger">{failureText(failure)}</Callout>
  if (!ledger) return <Spinner />
  const { account } = ledger
  const fmt = (value: number) => money(value, account.currency, i18n.language)
  return (
    <>
      <Card data-testid="billing-balance">
        <div className="bp6-text-muted">{t("billing.balance")}</div>
        <div style={{ fontSize: 28, fontWeight: 600 }} data-testid="billing-balance-value">
          {fmt(account.balance)}
        </div>
        <div className="bp6-text-muted">
          {account.credit_limit > 0 ? t("billing.credit", { amount: fmt(account.credit_limit) }) : t("billing.noCredit")}
        </div>
      </Card>
      {ledger.items.length === 0 ? (
        <p className="bp6-text-muted" data-testid="billing-empty">
          {t("billing.empty")}
        </p>
      ) : (
        <HTMLTable striped style={{ width: "100%", marginTop: 16 }} data-testid="billing-ledger">
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
            {ledger.items.map((entry) => (
              <tr key={entry.id} data-testid="ledger-row">
                <td className="mc-num">{formatDateTime(entry.created_at)}</td>
                <td>
                  {entry.reason}
                  {entry.ref ? <span className="bp6-text-muted"> ({entry.ref})</span> : null}
                </td>
                <td className="mc-num" style={{ color: entry.amount < 0 ? "#ac2f33" : "#1c6e42" }}>
                  {fmt(entry.amount)}
                </td>
                <td className="mc-num">{fmt(entry.balance_after)}</td>
                <td>{entry.by ?? t("billing.system")}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  )
}
