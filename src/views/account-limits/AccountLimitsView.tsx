/**
 * Account limits (/apps/account-limits): what the tenant uses of each limit the platform set, as bars (page actor
 * `account-usage`). A super admin gets the form that sets them for any business instead (LimitsAdminForm, page actor
 * `limits-admin`).
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import { type accountUsageMachine, usageRows } from "../../machines/account-limits/usage"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { LimitsAdminForm } from "./LimitsAdminForm"
import { UsageBar, useUsageText } from "./usage-parts"

type UsageActor = ActorRefFrom<typeof accountUsageMachine>

export const AccountLimitsView = () => {
  const admin = useSelector(useAclActor(), selectSuperAdmin)
  const { t } = useTranslation()
  return admin ? (
    <div className="mc-page" data-testid="account-limits-page">
      <PageHeader title={t("accountLimits.title")} subtitle={t("accountLimits.admin.subtitle")} />
      <LimitsAdminForm />
    </div>
  ) : (
    <TenantLimits />
  )
}

const TenantLimits = () => {
  const { t } = useTranslation()
  const usage = usePageActor<UsageActor>("account-usage")
  return (
    <div className="mc-page" data-testid="account-limits-page">
      <PageHeader
        title={t("accountLimits.title")}
        subtitle={t("accountLimits.subtitle")}
        actions={usage ? <Button icon="refresh" text={t("accountLimits.refresh")} onClick={() => usage.send({ type: "REFRESH" })} /> : null}
      />
      {usage ? <UsageBars usage={usage} /> : <Spinner />}
    </div>
  )
}

const UsageBars = ({ usage }: { usage: UsageActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const usageText = useUsageText()
  const limits = useSelector(usage, (s) => s.context.limits)
  const failure = useSelector(usage, (s) => s.context.failure)
  const loading = useSelector(usage, (s) => s.hasTag("busy") && s.context.limits.length === 0)
  if (failure) return <Callout intent="danger">{failureText(failure)}</Callout>
  if (loading) return <Spinner />
  return (
    <div className="mc-card">
      <table className="bp6-html-table mc-usage" style={{ width: "100%" }} data-testid="usage-table">
        <tbody>
          {usageRows(limits).map((row) => (
            <tr key={row.key} data-testid={`usage-${row.key}`}>
              <th scope="row" style={{ width: "30%" }}>
                {t(`accountLimits.keys.${row.key}`)}
              </th>
              <td style={{ width: "45%" }}>
                <UsageBar row={row} />
              </td>
              <td className="mc-num" data-testid="usage-text">
                {usageText(row)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
