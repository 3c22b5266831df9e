/**
 * Send SMS (`/sms/send`, page actor `sms-send`): sender name, recipients (pasted numbers, a group, a segment), the text
 * with its encoding, characters, parts and cost counted as it is typed, the first problem in words, and the batch's
 * progress by status once sent. Thin: the rules are machines/sms/sms-draft.ts.
 */
import { Button, Callout, FormGroup, HTMLSelect, ProgressBar, TextArea } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { ActorRefFrom } from "xstate"
import { problemOf, type SmsDraft, summaryOf } from "../../machines/sms/sms-draft"
import type { smsSendMachine } from "../../machines/sms/sms-send-machine"
import { SMS_STATUSES } from "../../machines/sms/sms-report"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import "./sms.css"

type SendActor = ActorRefFrom<typeof smsSendMachine>

/** A phone number as the example in the box: the same in every language. */
const NUMBER_EXAMPLE = "+905551234567"

const idOrNull = (value: string) => (value === "" ? null : Number(value))

export const SmsSendView = () => {
  const actor = usePageActor<SendActor>("sms-send")
  const { t } = useTranslation()
  return (
    <div className="mc-page mc-sms" data-testid="sms-send-page">
      <PageHeader title={t("sms.send.title")} subtitle={t("sms.send.subtitle")} />
      {actor ? <SendForm actor={actor} /> : null}
    </div>
  )
}

const SendForm = ({ actor }: { actor: SendActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const state = useSelector(actor, (s) => s)
  const { draft, choices, failure } = state.context
  const edit = (field: keyof SmsDraft, value: string | number | null) => actor.send({ type: "EDIT", field, value })
  if (state.matches("loading")) return <ProgressBar intent="primary" aria-label={t("app.loading")} />
  if (state.matches("failed"))
    return (
      <Callout intent="danger" title={t("sms.send.loadFailed")} data-testid="sms-send-load-failed">
        {failure ? failureText(failure) : null}
        <div>
          <Button text={t("sms.send.retry")} onClick={() => actor.send({ type: "RETRY" })} />
        </div>
      </Callout>
    )
  if (state.matches("tracking") || state.matches("done")) return <Progress actor={actor} />
  const summary = summaryOf(draft, choices.masks)
  const problem = problemOf(draft)
  const sending = state.matches("sending")
  return (
    <form
      className="mc-card mc-sms-form"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: "SEND" })
      }}
    >
      <FormGroup label={t("sms.send.mask")} labelFor="sms-mask">
        {choices.masks.length === 0 ? (
          <Callout intent="warning" data-testid="sms-no-masks">
            {t("sms.send.noMasks")}
          </Callout>
        ) : (
          <HTMLSelect
            id="sms-mask"
            value={draft.maskId ?? ""}
            onChange={(e) => edit("maskId", idOrNull(e.currentTarget.value))}
            data-testid="sms-mask"
          >
            <option value="">{t("sms.send.chooseMask")}</option>
            {choices.masks.map((m) => (
              <option key={m.id} value={m.id}>
                {m.mask}
              </option>
            ))}
          </HTMLSelect>
        )}
      </FormGroup>
      <div className="mc-sms-recipients">
        <FormGroup
          label={t("sms.send.numbers")}
          labelFor="sms-numbers"
          helperText={`${t("sms.send.numbersHint")} · ${t("sms.send.recipients", { count: summary.numbers })}`}
        >
          <TextArea
            id="sms-numbers"
            dir="ltr"
            rows={4}
            fill
            placeholder={NUMBER_EXAMPLE}
            value={draft.numbers}
            onChange={(e) => edit("numbers", e.currentTarget.value)}
            data-testid="sms-numbers"
          />
        </FormGroup>
        <FormGroup label={t("sms.send.group")} labelFor="sms-group">
          <HTMLSelect id="sms-group" value={draft.groupId ?? ""} onChange={(e) => edit("groupId", idOrNull(e.currentTarget.value))}>
            <option value="">{t("sms.send.none")}</option>
            {choices.groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t("sms.send.segment")} labelFor="sms-segment">
          <HTMLSelect id="sms-segment" value={draft.segmentId ?? ""} onChange={(e) => edit("segmentId", idOrNull(e.currentTarget.value))}>
            <option value="">{t("sms.send.none")}</option>
            {choices.segments.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <FormGroup label={t("sms.send.text")} labelFor="sms-text">
        <TextArea
          id="sms-text"
          dir="auto"
          rows={5}
          fill
          value={draft.text}
          onChange={(e) => edit("text", e.currentTarget.value)}
          data-testid="sms-text"
        />
      </FormGroup>
      <dl className="mc-sms-count" data-testid="sms-count">
        <div>
          <dt>{t("sms.send.encoding")}</dt>
          <dd data-testid="sms-encoding">{summary.count.encoding}</dd>
        </div>
        <div>
          <dt>{t("sms.send.characters")}</dt>
          <dd className="mc-num" data-testid="sms-characters">
            {summary.count.units}
          </dd>
        </div>
        <div>
          <dt>{t("sms.send.parts")}</dt>
          <dd className="mc-num" data-testid="sms-parts">
            {summary.count.parts}
          </dd>
        </div>
        <div>
          <dt>{t("sms.send.left")}</dt>
          <dd className="mc-num">{summary.count.remaining}</dd>
        </div>
        <div>
          <dt>{t("sms.send.perRecipient")}</dt>
          <dd className="mc-num" data-testid="sms-cost">
            {summary.perRecipient === null ? "–" : summary.perRecipient.toFixed(4)}
          </dd>
        </div>
        <div>
          <dt>{t("sms.send.total")}</dt>
          <dd className="mc-num" data-testid="sms-total">
            {summary.total === null ? "–" : summary.total.toFixed(4)}
            {draft.groupId !== null || draft.segmentId !== null ? <small> ({t("sms.send.plusMembers")})</small> : null}
          </dd>
        </div>
      </dl>
      {problem ? (
        <p className="mc-sms-problem" data-testid="sms-problem">
          {t(`sms.send.problems.${problem}`, { numbers: summary.invalid.join(", ") })}
        </p>
      ) : null}
      {failure ? (
        <Callout intent="danger" data-testid="sms-send-failure">
          {failureText(failure)}
        </Callout>
      ) : null}
      <div>
        <Button
          type="submit"
          intent="primary"
          icon="send-message"
          loading={sending}
          disabled={problem !== null || sending}
          text={t("sms.send.send")}
          data-testid="sms-send"
        />
      </div>
    </form>
  )
}

const Progress = ({ actor }: { actor: SendActor }) => {
  const { t } = useTranslation()
  const { sent, progress } = useSelector(actor, (s) => s.context)
  const done = useSelector(actor, (s) => s.matches("done"))
  if (!sent || !progress) return null
  const settled = progress.delivered + progress.failed
  const summary = t("sms.send.progress", { count: sent.count, parts: sent.parts, cost: sent.cost.toFixed(4) })
  return (
    <div className="mc-card mc-sms-progress" data-testid="sms-progress" data-done={done}>
      <p>{summary}</p>
      <ProgressBar
        aria-label={summary}
        value={sent.count === 0 ? 1 : settled / sent.count}
        intent={progress.failed > 0 ? "warning" : "success"}
        animate={!done}
      />
      <ul className="mc-sms-statuses">
        {SMS_STATUSES.map((status) => (
          <li key={status} data-testid={`sms-progress-${status}`}>
            <span>{t(`sms.send.statuses.${status}`)}</span> <strong className="mc-num">{progress[status]}</strong>
          </li>
        ))}
      </ul>
      {done ? <p data-testid="sms-finished">{t("sms.send.finished", progress)}</p> : null}
      <div className="mc-sms-actions">
        <Button icon="add" text={t("sms.send.another")} onClick={() => actor.send({ type: "NEW" })} data-testid="sms-another" />
        <Link to="/sms-report">{t("sms.send.openReport")}</Link>
      </div>
    </div>
  )
}
