/** The super admin's account-limits form (page actor `limits-admin`): a business, its limits with usage, and new figures. */
import { Button, Callout, InputGroup, Spinner } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { changesOf, type limitsAdminMachine } from "../../machines/account-limits/limits-admin"
import { usageRows } from "../../machines/account-limits/usage"
import type { PickedBusiness } from "../../machines/platform/business-picker"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { useCount } from "../common/use-count"
import { BusinessFilter } from "../platform/BusinessFilter"
import "../report-kit/report-kit.css"
import { UsageBar, useUsageText } from "./usage-parts"

type AdminActor = ActorRefFrom<typeof limitsAdminMachine>

export const LimitsAdminForm = () => {
  const actor = usePageActor<AdminActor>("limits-admin")
  return actor ? <Form actor={actor} /> : <Spinner />
}

const Form = ({ actor }: { actor: AdminActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const usageText = useUsageText()
  const count = useCount()
  const context = useSelector(actor, (s) => s.context)
  const failed = useSelector(actor, (s) => s.matches("failed"))
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  const { clientId, limits, drafts, invalid, failure, failedKey, saved } = context
  const pick = useCallback((business: PickedBusiness) => actor.send({ type: "BUSINESS.SET", clientId: business.id }), [actor])
  if (failed && failure)
    return (
      <Callout intent="danger" data-testid="limits-admin-failed">
        {t("accountLimits.admin.failedAll", { reason: failureText(failure) })}{" "}
        <Button size="small" text={t("accountLimits.admin.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  const nothing = changesOf(context).length === 0 && invalid.length === 0
  return (
    <>
      <BusinessFilter clientId={clientId} onPick={pick} testId="limits-business" />
      <form
        className="mc-card mc-card-body"
        data-testid="limits-admin"
        aria-busy={loading}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "SAVE" })
        }}
      >
        <table className="bp6-html-table mc-usage" style={{ width: "100%" }} data-testid="usage-table">
          <thead>
            <tr>
              <th />
              <th>{t("accountLimits.admin.usage")}</th>
              <th />
              <th>{t("accountLimits.admin.limit")}</th>
            </tr>
          </thead>
          <tbody>
            {usageRows(limits).map((row) => {
              const bad = invalid.includes(row.key)
              return (
                <tr key={row.key} data-testid={`usage-${row.key}`}>
                  <th scope="row" style={{ width: "25%" }}>
                    <label htmlFor={`limit-${row.key}`}>{t(`accountLimits.keys.${row.key}`)}</label>
                  </th>
                  <td style={{ width: "25%" }}>
                    <UsageBar row={row} />
                  </td>
                  <td className="mc-num" data-testid="usage-text">
                    {usageText(row)}
                  </td>
                  <td>
                    <InputGroup
                      id={`limit-${row.key}`}
                      inputMode="numeric"
                      value={drafts[row.key] ?? (row.limit === null ? "" : count(row.limit))}
                      placeholder={t("accountLimits.admin.placeholder")}
                      intent={bad || failedKey === row.key ? "danger" : "none"}
                      onValueChange={(value) => actor.send({ type: "DRAFT", key: row.key, value })}
                      data-testid={`limit-input-${row.key}`}
                    />
                    {bad ? (
                      <div className="bp6-form-helper-text bp6-intent-danger" data-testid={`limit-invalid-${row.key}`}>
                        {t("accountLimits.admin.invalid")}
                      </div>
                    ) : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
        {failure && !failed ? (
          <Callout intent="danger" data-testid="limits-admin-error">
            {t("accountLimits.admin.failed", {
              limit: failedKey ? t(`accountLimits.keys.${failedKey}`) : "",
              reason: failureText(failure),
            })}
          </Callout>
        ) : null}
        {saved ? (
          <Callout intent="success" data-testid="limits-admin-saved">
            {t("accountLimits.admin.saved")}
          </Callout>
        ) : null}
        <div style={{ marginTop: 12 }}>
          <Button
            type="submit"
            intent="primary"
            loading={saving}
            disabled={nothing || loading}
            text={t("accountLimits.admin.save")}
            title={nothing ? t("accountLimits.admin.nothing") : undefined}
            data-testid="limits-admin-save"
          />
        </div>
      </form>
    </>
  )
}
