/**
 * /apps/simulator (tenant admins, development servers): play customers of your own tenant. Place an incoming
 * WhatsApp voice call and hang it up as the customer, write in on any channel, type, and watch what the customer's
 * phone received with its delivery status. Everything goes through the page's `simulator` actor.
 */
import type { FormEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, HTMLSelect, InputGroup, NonIdealState, Spinner, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import {
  FINAL_CALL,
  SIM_CHANNELS,
  SIM_MESSAGE_TYPES,
  type simulatorMachine,
  type SimChannel,
  type SimMessageType,
} from "../../machines/simulator/simulator-machine"
import { formatDateTime, shortId } from "../../machines/report-kit/format"
import { usePageActor, useSessionActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import { Field } from "../workspace/WorkspaceParts"
import "../report-kit/report-kit.css"

type SimActor = ActorRefFrom<typeof simulatorMachine>

const submit = (send: () => void) => (event: FormEvent) => {
  event.preventDefault()
  send()
}

const Calls = ({ actor }: { actor: SimActor }) => {
  const { t } = useTranslation()
  const s = useSelector(actor, (snapshot) => snapshot)
  const { callForm, calls } = s.context
  return (
    <section className="mc-card mc-ws-form" data-testid="sim-calls">
      <h2>{t("workspace.simulator.callTitle")}</h2>
      <form className="mc-ws-row" onSubmit={submit(() => actor.send({ type: "CALL.PLACE" }))}>
        <Field label={t("workspace.simulator.customerNumber")}>
          <InputGroup
            value={callForm.number}
            onValueChange={(number) => actor.send({ type: "CALL.EDIT", patch: { number } })}
            data-testid="sim-call-number"
            className="mc-num"
          />
        </Field>
        <Field label={t("workspace.simulator.customerName")}>
          <InputGroup
            value={callForm.name}
            onValueChange={(name) => actor.send({ type: "CALL.EDIT", patch: { name } })}
            data-testid="sim-call-name"
          />
        </Field>
        <Button
          type="submit"
          intent="success"
          icon="phone"
          text={t("workspace.simulator.placeCall")}
          loading={s.matches({ on: { calls: "placing" } })}
          data-testid="sim-call-place"
        />
      </form>
      {calls.length === 0 ? (
        <span className="mc-muted">{t("workspace.simulator.noCalls")}</span>
      ) : (
        <ul className="mc-ws-list">
          {calls.map((call) => (
            <li key={call.callId} data-testid="sim-call" data-status={call.status} data-call-id={call.callId}>
              <span>
                <strong className="mc-num">{call.number}</strong> {call.name}{" "}
                <small className="mc-num" title={call.callId}>
                  {shortId(call.callId)}
                </small>
              </span>
              <span className="mc-media-row" style={{ alignItems: "center" }}>
                <Tag minimal intent={call.status === FINAL_CALL ? "none" : "primary"} data-testid="sim-call-status">
                  {t(`workspace.simulator.callStatus.${call.status}`, { defaultValue: call.status })}
                </Tag>
                {call.status !== FINAL_CALL ? (
                  <Button
                    size="small"
                    intent="danger"
                    icon="cross"
                    text={t("workspace.simulator.hangup")}
                    data-testid="sim-call-hangup"
                    loading={s.context.pending.hangup === call.callId}
                    onClick={() => actor.send({ type: "CALL.HANGUP", callId: call.callId })}
                  />
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const Messages = ({ actor }: { actor: SimActor }) => {
  const { t } = useTranslation()
  const s = useSelector(actor, (snapshot) => snapshot)
  const { customer, draft, sent, received } = s.context
  const media = draft.type !== "text"
  return (
    <section className="mc-card mc-ws-form" data-testid="sim-messages">
      <h2>{t("workspace.simulator.messageTitle")}</h2>
      <div className="mc-ws-row">
        <Field label={t("workspace.common.channel")}>
          <HTMLSelect
            value={customer.channel}
            onChange={(e) => actor.send({ type: "CUSTOMER.EDIT", patch: { channel: e.currentTarget.value as SimChannel } })}
            data-testid="sim-channel"
          >
            {SIM_CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`workspace.channels.${c}`)}
              </option>
            ))}
          </HTMLSelect>
        </Field>
        <Field label={t("workspace.simulator.customerNumber")}>
          <InputGroup
            value={customer.number}
            onValueChange={(number) => actor.send({ type: "CUSTOMER.EDIT", patch: { number } })}
            data-testid="sim-number"
            className="mc-num"
          />
        </Field>
        <Field label={t("workspace.simulator.customerName")}>
          <InputGroup
            value={customer.name}
            onValueChange={(name) => actor.send({ type: "CUSTOMER.EDIT", patch: { name } })}
            data-testid="sim-name"
          />
        </Field>
      </div>
      <form className="mc-ws-row" onSubmit={submit(() => actor.send({ type: "MESSAGE.SEND" }))}>
        <Field label={t("workspace.simulator.type")}>
          <HTMLSelect
            value={draft.type}
            onChange={(e) => actor.send({ type: "DRAFT.EDIT", patch: { type: e.currentTarget.value as SimMessageType } })}
            data-testid="sim-type"
          >
            {SIM_MESSAGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`workspace.simulator.types.${type}`)}
              </option>
            ))}
          </HTMLSelect>
        </Field>
        <Field label={t("workspace.simulator.text")}>
          <InputGroup
            value={draft.text}
            onValueChange={(text) => actor.send({ type: "DRAFT.EDIT", patch: { text } })}
            data-testid="sim-text"
            style={{ minWidth: 240 }}
          />
        </Field>
        {media ? (
          <>
            <Field label={t("workspace.simulator.link")}>
              <InputGroup
                value={draft.link}
                onValueChange={(link) => actor.send({ type: "DRAFT.EDIT", patch: { link } })}
                data-testid="sim-link"
                className="mc-num"
              />
            </Field>
            <Field label={t("workspace.simulator.filename")}>
              <InputGroup
                value={draft.filename}
                onValueChange={(filename) => actor.send({ type: "DRAFT.EDIT", patch: { filename } })}
                data-testid="sim-filename"
              />
            </Field>
          </>
        ) : null}
        <Button
          type="submit"
          intent="primary"
          icon="send-message"
          text={t("workspace.simulator.send")}
          loading={s.matches({ on: { messages: "sending" } })}
          data-testid="sim-send"
        />
        <Button
          icon="edit"
          text={t("workspace.simulator.typing")}
          onClick={() => actor.send({ type: "TYPING", state: "typing" })}
          data-testid="sim-typing"
        />
        <Button
          icon="disable"
          text={t("workspace.simulator.paused")}
          onClick={() => actor.send({ type: "TYPING", state: "paused" })}
          data-testid="sim-paused"
        />
      </form>
      {sent.length ? (
        <>
          <strong>{t("workspace.simulator.sentTitle")}</strong>
          <ul className="mc-ws-list" data-testid="sim-sent">
            {sent.map((m) => (
              <li key={m.messageId} data-testid="sim-sent-item">
                <span>{m.summary}</span>
                <small className="mc-num">{m.number}</small>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <strong>{t("workspace.simulator.receivedTitle")}</strong>
      {received.length === 0 ? (
        <span className="mc-muted" data-testid="sim-received-empty">
          {t("workspace.simulator.noReceived")}
        </span>
      ) : (
        <ul className="mc-ws-list" data-testid="sim-received">
          {received.map((m) => (
            <li key={String(m.id)} data-testid="sim-received-item">
              <span>
                {m.body ?? m.type} <small className="mc-num">{formatDateTime(m.dt)}</small>
              </span>
              <span className="mc-media-row" style={{ alignItems: "center" }}>
                <Tag
                  minimal
                  intent={m.status === "read" ? "success" : m.status === "failed" ? "danger" : "none"}
                  data-testid="sim-received-status"
                >
                  {m.status}
                </Tag>
                {m.external_id && m.status !== "read" ? (
                  <Button
                    size="small"
                    variant="minimal"
                    icon="eye-open"
                    text={t("workspace.simulator.markRead")}
                    data-testid="sim-mark-read"
                    onClick={() => actor.send({ type: "READ", externalId: m.external_id! })}
                  />
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const Simulator = ({ actor }: { actor: SimActor }) => {
  const { t } = useTranslation()
  const s = useSelector(actor, (snapshot) => snapshot)
  const { error, problem } = s.context
  if (s.matches("checking"))
    return (
      <div className="mc-card mc-report-empty">
        <Spinner size={28} />
        <p>{t("workspace.simulator.checking")}</p>
      </div>
    )
  if (s.matches("off")) {
    return (
      <div className="mc-card" data-testid="sim-off">
        <NonIdealState
          icon="offline"
          title={t("workspace.simulator.offTitle")}
          description={t("workspace.simulator.offBody")}
          action={<Button icon="refresh" text={t("workspace.common.retry")} onClick={() => actor.send({ type: "RETRY" })} />}
        />
      </div>
    )
  }
  return (
    <>
      {problem ? (
        <Callout intent="warning" data-testid="sim-problem">
          {t(`workspace.simulator.problems.${problem}`)}
        </Callout>
      ) : null}
      {error ? (
        <Callout intent="danger" title={t("workspace.simulator.errorTitle")} data-testid="sim-error">
          {error}{" "}
          <Button
            size="small"
            variant="minimal"
            icon="cross"
            aria-label={t("workspace.common.close")}
            onClick={() => actor.send({ type: "ERROR.DISMISS" })}
          />
        </Callout>
      ) : null}
      <div className="mc-ws-sim">
        <Calls actor={actor} />
        <Messages actor={actor} />
      </div>
    </>
  )
}

export const SimulatorView = () => {
  const { t } = useTranslation()
  const clientId = useSelector(useSessionActor(), (s) => Number(s.context.userData?.client_id ?? 0) || null)
  return (
    <div className="mc-page mc-report" data-testid="ws-simulator">
      <PageHeader title={t("routes.simulator")} subtitle={t("workspace.simulator.subtitle")} />
      {clientId ? <SimulatorFor clientId={clientId} /> : null}
    </div>
  )
}

const SimulatorFor = ({ clientId }: { clientId: number }) => {
  const actor = usePageActor<SimActor>("simulator", { clientId })
  return actor ? <Simulator actor={actor} /> : null
}
