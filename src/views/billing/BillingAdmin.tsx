/** The super admin's billing (page actor `billing-admin`): a business's balance and ledger, a top-up, a credit allowance. */
import { Button, Callout, Card, FormGroup, InputGroup, Spinner } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { billingAdminMachine } from "../../machines/billing/billing-admin"
import type { PickedBusiness } from "../../machines/platform/business-picker"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { BusinessFilter } from "../platform/BusinessFilter"
import { BalanceCard, LedgerTable, useMoney } from "./ledger-parts"

type AdminActor = ActorRefFrom<typeof billingAdminMachine>

export const BillingAdmin = () => {
  const actor = usePageActor<AdminActor>("billing-admin")
  return actor ? <Admin actor={actor} /> : <Spinner />
}

const Admin = ({ actor }: { actor: AdminActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const { clientId, account, items, topUp, credit, problem, failure, done } = useSelector(actor, (s) => s.context)
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  const fmt = useMoney(account?.currency ?? "USD")
  const pick = useCallback((business: PickedBusiness) => actor.send({ type: "BUSINESS.SET", clientId: business.id }), [actor])
  if (failed && failure)
    return (
      <Callout intent="danger" data-testid="billing-admin-failed">
        {t("billing.admin.failedAll", { reason: failureText(failure) })}{" "}
        <Button size="small" text={t("billing.admin.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  const amountBad = problem === "amount"
  return (
    <div className="mc-page" aria-busy={loading} data-testid="billing-admin">
      <BusinessFilter clientId={clientId} onPick={pick} testId="billing-business" />
      {account ? <BalanceCard account={account} /> : null}
      {done ? (
        <Callout intent="success" data-testid="billing-admin-done">
          {t(done.kind === "topUp" ? "billing.admin.toppedUp" : "billing.admin.credited", { amount: fmt(done.amount) })}
        </Callout>
      ) : null}
      {failure && !failed ? (
        <Callout intent="danger" data-testid="billing-admin-error">
          {t("billing.admin.failed", { reason: failureText(failure) })}
        </Callout>
      ) : null}
      <div style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>
        <Card style={{ flex: "2 1 420px" }}>
          <h3>{t("billing.admin.topUp")}</h3>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              actor.send({ type: "TOPUP.SAVE" })
            }}
          >
            <FormGroup label={t("billing.admin.amount")} labelFor="topup-amount" intent={amountBad ? "danger" : "none"}>
              <InputGroup
                id="topup-amount"
                inputMode="decimal"
                value={topUp.amount}
                intent={amountBad ? "danger" : "none"}
                onValueChange={(amount) => actor.send({ type: "TOPUP.EDIT", patch: { amount } })}
                data-testid="topup-amount"
              />
            </FormGroup>
            <FormGroup label={t("billing.admin.reasonLabel")} labelFor="topup-reason" intent={problem === "reason" ? "danger" : "none"}>
              <InputGroup
                id="topup-reason"
                value={topUp.reason}
                placeholder={t("billing.admin.reasonPlaceholder")}
                intent={problem === "reason" ? "danger" : "none"}
                onValueChange={(reason) => actor.send({ type: "TOPUP.EDIT", patch: { reason } })}
                data-testid="topup-reason"
              />
            </FormGroup>
            <FormGroup label={t("billing.admin.ref")} labelFor="topup-ref" intent={problem === "ref" ? "danger" : "none"}>
              <InputGroup
                id="topup-ref"
                value={topUp.ref}
                intent={problem === "ref" ? "danger" : "none"}
                onValueChange={(ref) => actor.send({ type: "TOPUP.EDIT", patch: { ref } })}
                data-testid="topup-ref"
              />
            </FormGroup>
            {problem && problem !== "credit" ? (
              <Callout intent="warning" data-testid="topup-problem">
                {t(`billing.admin.problems.${problem}`)}
              </Callout>
            ) : null}
            <Button
              type="submit"
              intent="primary"
              icon="plus"
              loading={saving}
              disabled={loading}
              text={t("billing.admin.add")}
              data-testid="topup-save"
            />
          </form>
        </Card>
        <Card style={{ flex: "1 1 260px" }}>
          <h3>{t("billing.admin.creditTitle")}</h3>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              actor.send({ type: "CREDIT.SAVE" })
            }}
          >
            <FormGroup
              label={t("billing.admin.creditTitle")}
              labelFor="credit-limit"
              helperText={problem === "credit" ? t("billing.admin.problems.credit") : t("billing.admin.creditHelp")}
              intent={problem === "credit" ? "danger" : "none"}
            >
              <InputGroup
                id="credit-limit"
                inputMode="decimal"
                value={credit}
                intent={problem === "credit" ? "danger" : "none"}
                onValueChange={(value) => actor.send({ type: "CREDIT.EDIT", value })}
                data-testid="credit-limit"
              />
            </FormGroup>
            <Button type="submit" loading={saving} disabled={loading} text={t("billing.admin.creditSave")} data-testid="credit-save" />
          </form>
        </Card>
      </div>
      {account ? <LedgerTable items={items} currency={account.currency} /> : null}
    </div>
  )
}
