/**
 * Monthly active users (/apps/sessions-mau and the company sub-page `mau`, page actor `mau-report`): a range of
 * months, the customers per month and channel as a chart and a table, and the month's report sent by e-mail. A super
 * admin sees every business (and may narrow to one); a tenant sees its own.
 */
import "../report-kit/report-kit.css"
import { Button, Callout, Card, FormGroup, HTMLSelect, HTMLTable, InputGroup, Spinner } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useMemo } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import type { mauMachine } from "../../machines/mau/mau-machine"
import { MAX_MONTHS, activeChannels, businessesOf, mauMonths } from "../../machines/mau/mau-months"
import { Chart } from "../chart-kit/Chart"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { FilterCard } from "../common/FilterCard"
import { useCount } from "../common/use-count"
import { PageHeader } from "../common/PageHeader"
import { MonthPicker, useMonthName } from "../report-kit/MonthPicker"

type MauActor = ActorRefFrom<typeof mauMachine>

export const MauView = () => {
  const admin = useSelector(useAclActor(), selectSuperAdmin)
  const actor = usePageActor<MauActor>("mau-report", { scope: admin ? "admin" : "tenant" })
  const { t } = useTranslation()
  return (
    <div className="mc-page mc-report" data-testid="mau-page">
      <PageHeader
        title={t("mau.title")}
        subtitle={t(admin ? "mau.adminSubtitle" : "mau.subtitle")}
        actions={actor ? <Button icon="refresh" text={t("mau.refresh")} onClick={() => actor.send({ type: "REFRESH" })} /> : null}
      />
      {actor ? <MauReport actor={actor} /> : <Spinner />}
    </div>
  )
}

const MauReport = ({ actor }: { actor: MauActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const monthName = useMonthName()
  const count = useCount()
  const { scope, from, to, months, rows, clientId, problem, failure } = useSelector(actor, (s) => s.context)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const lines = useMemo(() => mauMonths(rows ?? [], months, clientId), [rows, months, clientId])
  const channels = useMemo(() => activeChannels(lines), [lines])
  const businesses = useMemo(() => businessesOf(rows ?? []), [rows])
  const chart = useMemo(
    () => ({
      categories: lines.map((l) => monthName(l.month)),
      series: channels.map((c) => ({ name: t(`mau.channels.${c}`), data: lines.map((l) => l.byChannel[c]) })),
    }),
    [lines, channels, monthName, t],
  )
  return (
    <>
      <FilterCard testId="mau-filters">
        <FormGroup label={t("mau.from")}>
          <MonthPicker
            value={from}
            onChange={(value) => actor.send({ type: "RANGE.SET", from: value, to })}
            testId="mau-from"
            label={t("mau.from")}
          />
        </FormGroup>
        <FormGroup label={t("mau.to")}>
          <MonthPicker
            value={to}
            onChange={(value) => actor.send({ type: "RANGE.SET", from, to: value })}
            testId="mau-to"
            label={t("mau.to")}
          />
        </FormGroup>
        {scope === "admin" ? (
          <FormGroup label={t("mau.business")}>
            <HTMLSelect
              value={clientId === null ? "" : String(clientId)}
              onChange={(e) => actor.send({ type: "BUSINESS.SET", clientId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
              data-testid="mau-business"
            >
              <option value="">{t("mau.allBusinesses")}</option>
              {businesses.map((b) => (
                <option key={b.id} value={String(b.id)}>
                  {b.name}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ) : null}
        {loading ? <Spinner size={20} /> : null}
      </FilterCard>
      {problem ? (
        <Callout intent="warning" data-testid="mau-problem">
          {t(`mau.problems.${problem}`, { max: MAX_MONTHS })}
        </Callout>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="mau-failure">
          {failureText(failure)}
        </Callout>
      ) : null}
      {rows === null ? null : (
        <div className="mc-report" aria-busy={loading}>
          <div className="mc-card mc-report-chart">
            <Chart kind="bar" title={t("mau.chart")} {...chart} format={count} categoryLabel={t("mau.month")} testId="mau-chart" />
          </div>
          <div className="mc-card" style={{ overflowX: "auto" }}>
            <HTMLTable striped style={{ width: "100%" }} data-testid="mau-table">
              <thead>
                <tr>
                  <th>{t("mau.month")}</th>
                  {channels.map((c) => (
                    <th key={c} className="mc-num">
                      {t(`mau.channels.${c}`)}
                    </th>
                  ))}
                  <th className="mc-num">{t("mau.total")}</th>
                  <th className="mc-num">{t("mau.conversations")}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l) => (
                  <tr key={l.month} data-testid="mau-row" data-month={l.month}>
                    <th scope="row">{monthName(l.month)}</th>
                    {channels.map((c) => (
                      <td key={c} className="mc-num" data-channel={c}>
                        {count(l.byChannel[c])}
                      </td>
                    ))}
                    <td className="mc-num" data-testid="mau-total">
                      {count(l.users)}
                    </td>
                    <td className="mc-num">{count(l.conversations)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          {scope === "admin" && clientId === null ? <ByBusiness actor={actor} /> : null}
        </div>
      )}
      <MailCard actor={actor} />
    </>
  )
}

const ByBusiness = ({ actor }: { actor: MauActor }) => {
  const { t } = useTranslation()
  const monthName = useMonthName()
  const count = useCount()
  const { rows, months } = useSelector(actor, (s) => s.context)
  const businesses = businessesOf(rows ?? [])
  return (
    <div className="mc-card mc-card-body" style={{ overflowX: "auto" }}>
      <h3>{t("mau.byBusiness")}</h3>
      <HTMLTable striped style={{ width: "100%" }} data-testid="mau-businesses">
        <thead>
          <tr>
            <th>{t("mau.business")}</th>
            {months.map((m) => (
              <th key={m} className="mc-num">
                {monthName(m)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {businesses.map((b) => (
            <tr key={b.id} data-testid="mau-business-row">
              <th scope="row">{b.name}</th>
              {mauMonths(rows ?? [], months, b.id).map((l) => (
                <td key={l.month} className="mc-num">
                  {count(l.users)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  )
}

const MailCard = ({ actor }: { actor: MauActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const monthName = useMonthName()
  const { mail, months, scope } = useSelector(actor, (s) => s.context)
  const sending = useSelector(actor, (s) => s.hasTag("sending"))
  const choices = months.length > 0 ? months : [mail.month]
  return (
    <Card className="mc-card mc-card-body" data-testid="mau-mail">
      <h3>{t("mau.mail.title")}</h3>
      {scope === "admin" ? <p className="bp6-text-muted">{t("mau.mail.adminNote")}</p> : null}
      <form
        style={{ display: "flex", gap: 12, alignItems: "flex-end", flexWrap: "wrap" }}
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: "MAIL.SEND" })
        }}
      >
        <FormGroup label={t("mau.mail.email")} labelFor="mau-mail-email" intent={mail.problem ? "danger" : "none"}>
          <InputGroup
            id="mau-mail-email"
            type="email"
            value={mail.email}
            intent={mail.problem ? "danger" : "none"}
            onValueChange={(email) => actor.send({ type: "MAIL.EDIT", patch: { email } })}
            data-testid="mau-mail-email"
          />
        </FormGroup>
        <FormGroup label={t("mau.mail.month")} labelFor="mau-mail-month">
          <HTMLSelect
            id="mau-mail-month"
            value={mail.month}
            onChange={(e) => actor.send({ type: "MAIL.EDIT", patch: { month: e.currentTarget.value } })}
            data-testid="mau-mail-month"
          >
            {choices.map((m) => (
              <option key={m} value={m}>
                {monthName(m)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup>
          <Button type="submit" intent="primary" icon="envelope" loading={sending} text={t("mau.mail.send")} data-testid="mau-mail-send" />
        </FormGroup>
      </form>
      {mail.problem ? (
        <Callout intent="warning" data-testid="mau-mail-problem">
          {t("mau.mail.invalid")}
        </Callout>
      ) : null}
      {mail.sent ? (
        <Callout intent="success" data-testid="mau-mail-sent">
          {t("mau.mail.sent", { month: monthName(mail.sent.month), email: mail.sent.email })}
        </Callout>
      ) : null}
      {mail.failure ? (
        <Callout intent="danger" data-testid="mau-mail-failed">
          {t("mau.mail.failed", { reason: failureText(mail.failure) })}
        </Callout>
      ) : null}
    </Card>
  )
}
