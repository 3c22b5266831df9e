/**
 * Check Number (/apps/check-number, page actor `check-number`) and Clear Number (/apps/clear-number, `clear-number`):
 * one number or a pasted list, what the server answered beside it. The reading rule: machines/templates/numbers-tool.ts.
 */
import { Button, Callout, FormGroup, HTMLTable, Tag, TextArea } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import {
  type checkNumbersMachine,
  type clearNumbersMachine,
  MAX_NUMBERS,
  type NumbersToolContext,
  readNumbers,
} from "../../machines/templates/numbers-tool"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import "./templates.css"

type CheckActor = ActorRefFrom<typeof checkNumbersMachine>
type ClearActor = ActorRefFrom<typeof clearNumbersMachine>
type ToolActor = CheckActor | ClearActor

const Tool = ({ actor, action, testId, children }: { actor: ToolActor; action: string; testId: string; children: ReactNode }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const context = useSelector(actor as CheckActor, (s) => s.context) as NumbersToolContext<unknown>
  const working = useSelector(actor as CheckActor, (s) => s.matches("working"))
  const read = readNumbers(context.text)
  return (
    <form
      className="mc-card mc-numbers-form"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: "RUN" })
      }}
      data-testid={testId}
    >
      <FormGroup label={t("templates.numbers.input")} labelFor={`${testId}-input`} helperText={t("templates.numbers.inputHint")}>
        <TextArea
          id={`${testId}-input`}
          dir="ltr"
          fill
          rows={5}
          placeholder="+905551234567"
          value={context.text}
          onChange={(e) => actor.send({ type: "TEXT", value: e.currentTarget.value })}
          data-testid={`${testId}-input`}
        />
      </FormGroup>
      <div className="mc-templates-row">
        <span className="mc-templates-count">{t("templates.numbers.count", { count: read.numbers.length })}</span>
        <Button type="submit" intent="primary" loading={working} text={action} data-testid={`${testId}-run`} />
      </div>
      {context.problem ? (
        <Callout intent="warning" data-testid={`${testId}-problem`}>
          {t(`templates.numbers.problems.${context.problem}`, { entries: read.unreadable.join(", "), max: MAX_NUMBERS })}
        </Callout>
      ) : null}
      {context.failure ? (
        <Callout intent="danger" data-testid={`${testId}-failure`}>
          {t("templates.numbers.failed", { message: failureText(context.failure) })}
        </Callout>
      ) : null}
      {children}
    </form>
  )
}

export const CheckNumberView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<CheckActor>("check-number")
  const result = useSelector(actor ?? undefined, (s) => s?.context.result ?? null)
  const yes = (value: boolean, intent: "success" | "danger") => (
    <Tag minimal intent={value ? intent : "none"}>
      {t(value ? "templates.numbers.yes" : "templates.numbers.no")}
    </Tag>
  )
  return (
    <div className="mc-page" data-testid="check-number-page">
      <PageHeader title={t("templates.numbers.checkTitle")} subtitle={t("templates.numbers.checkSubtitle")} />
      {actor ? (
        <Tool actor={actor} action={t("templates.numbers.check")} testId="check-number">
          {result ? (
            <HTMLTable className="mc-numbers-table" compact striped data-testid="check-number-result">
              <thead>
                <tr>
                  <th>{t("templates.numbers.number")}</th>
                  <th>{t("templates.numbers.onWhatsApp")}</th>
                  <th>{t("templates.numbers.optedOut")}</th>
                </tr>
              </thead>
              <tbody>
                {result.map((r) => (
                  <tr
                    key={r.number}
                    data-testid="check-number-row"
                    data-number={r.number}
                    data-on-whatsapp={r.on_whatsapp}
                    data-opted-out={r.blacklisted}
                  >
                    <td dir="ltr">{r.number}</td>
                    <td>{yes(r.on_whatsapp, "success")}</td>
                    <td>{yes(r.blacklisted, "danger")}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          ) : null}
        </Tool>
      ) : null}
    </div>
  )
}

export const ClearNumberView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<ClearActor>("clear-number")
  const result = useSelector(actor ?? undefined, (s) => s?.context.result ?? null)
  return (
    <div className="mc-page" data-testid="clear-number-page">
      <PageHeader title={t("templates.numbers.clearTitle")} subtitle={t("templates.numbers.clearSubtitle")} />
      {actor ? (
        <Tool actor={actor} action={t("templates.numbers.clear")} testId="clear-number">
          {result ? (
            <div data-testid="clear-number-result">
              <h3>{t("templates.numbers.cleared", { count: result.cleared.length })}</h3>
              <ul data-testid="clear-number-cleared">
                {result.cleared.map((n) => (
                  <li key={n} dir="ltr">
                    {n}
                  </li>
                ))}
              </ul>
              <h3>{t("templates.numbers.notListed", { count: result.not_listed.length })}</h3>
              <ul data-testid="clear-number-not-listed">
                {result.not_listed.map((n) => (
                  <li key={n} dir="ltr">
                    {n}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Tool>
      ) : null}
    </div>
  )
}
