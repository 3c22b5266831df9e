/**
 * Billing (/apps/billing): the tenant's balance and its latest ledger entries with running balance (page actor
 * `billing-ledger`). A super admin gets every business's instead, with the top-up and credit-allowance forms
 * (BillingAdmin, page actor `billing-admin`).
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import type { billingLedgerMachine } from "../../machines/billing/ledger"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { BillingAdmin } from "./BillingAdmin"
import { BalanceCard, LedgerTable } from "./ledger-parts"

type LedgerActor = ActorRefFrom<typeof billingLedgerMachine>

export const BillingView = () => {
  const { t } = useTranslation()
  const admin = useSelector(useAclActor(), selectSuperAdmin)
  return admin ? (
    <div className="mc-page" data-testid="billing-page">
      <PageHeader title={t("billing.title")} subtitle={t("billing.admin.subtitle")} />
      <BillingAdmin />
    </div>
  ) : (
    <TenantBilling />
  )
}

const TenantBilling = () => {
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
  const failureText = useFailureText()
  const ledger = useSelector(actor, (s) => s.context.ledger)
  const failure = useSelector(actor, (s) => s.context.failure)
  if (failure) return <Callout intent="danger">{failureText(failure)}</Callout>
  if (!ledger) return <Spinner />
  return (
    <>
      <BalanceCard account={ledger.account} />
      <LedgerTable items={ledger.items} currency={ledger.account.currency} />
    </>
  )
}
