/** The simulator's messages panel: write in as a customer on any channel, type, and see what their phone received. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, HTMLSelect, InputGroup, Tag } from "@blueprintjs/core"
import {
  mayMarkRead,
  SIM_CHANNELS,
  SIM_MESSAGE_TYPES,
  type SimChannel,
  type SimMessageType,
} from "../../machines/simulator/simulator-machine"
import { formatDateTime } from "../../machines/report-kit/format"
import { Field } from "../workspace/WorkspaceParts"
import { type SimActor, submit } from "./sim-parts"

export const SimulatorMessages = ({ actor }: { actor: SimActor }) => {
  const { t } = useTranslation()
  const customer = useSelector(actor, (s) => s.context.customer)
  const draft = useSelector(actor, (s) => s.context.draft)
  const sent = useSelector(actor, (s) => s.context.sent)
  const received = useSelector(actor, (s) => s.context.received)
  const sending = useSelector(actor, (s) => s.hasTag("sending"))
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
          loading={sending}
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
                {mayMarkRead(m) ? (
                  <Button
                    size="small"
                    variant="minimal"
                    icon="eye-open"
                    text={t("workspace.simulator.markRead")}
                    data-testid="sim-mark-read"
                    onClick={() => actor.send({ type: "READ", externalId: m.external_id ?? "" })}
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
