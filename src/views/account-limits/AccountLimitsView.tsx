/**
 * Account limits (/apps/account-limits): what the tenant uses of each limit the platform set, as bars (page actor
 * `account-usage`). Only the super admin sets limits (server calls `/account/limits`); this screen shows them.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, ProgressBar, Spinner } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { type accountUsageMachine, usageRows } from "../../machines/account-limits/usage"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"

type UsageActor = ActorRefFrom<typeof accountUsageMachine>

export const AccountLimitsView = () => {
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
  const limits = useSelector(usage, (s) => s.context.limits)
  const failure = useSelector(usage, (s) => s.context.failure)
  const loading = useSelector(usage, (s) => s.hasTag("busy") && s.context.limits.length === 0)
  if (failure) return <Callout intent="danger">{failureText(failure)}</Callout>
  if (loading) return <Spinner />
  return (
    <table className="bp6-html-table mc-usage" style={{ width: "100%" }} data-testid="usage-table">
      <tbody>
        {usageRows(limits).map((row) => (
          <tr key={row.key} data-testid={`usage-${row.key}`}>
            <th scope="row" style={{ width: "30%" }}>
              {t(`accountLimits.keys.${row.key}`)}
            </th>
            <td style={{ width: "45%" }}>
              {row.share === null ? null : (
                <ProgressBar
                  value={row.share}
                  animate={false}
                  stripes={false}
                  intent={row.reached ? "danger" : row.share >= 0.8 ? "warning" : "primary"}
                />
              )}
            </td>
            <td className="mc-num" data-testid="usage-text">
              {row.limit === null
                ? t("accountLimits.noLimit")
                : t(row.reached ? "accountLimits.reached" : "accountLimits.usedOf", { used: row.used, limit: row.limit })}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
