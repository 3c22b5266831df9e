/** The simulator's calls panel: place a WhatsApp voice call as a customer, watch its status, hang it up. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, InputGroup, Tag } from "@blueprintjs/core"
import { live } from "../../machines/simulator/simulator-machine"
import { shortId } from "../../machines/report-kit/format"
import { Field } from "../workspace/WorkspaceParts"
import { type SimActor, submit } from "./sim-parts"

export const SimulatorCalls = ({ actor }: { actor: SimActor }) => {
  const { t } = useTranslation()
  const callForm = useSelector(actor, (s) => s.context.callForm)
  const calls = useSelector(actor, (s) => s.context.calls)
  const hangingUp = useSelector(actor, (s) => s.context.pending.hangup)
  const placing = useSelector(actor, (s) => s.hasTag("placing"))
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
          loading={placing}
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
                <Tag minimal intent={live(call) ? "primary" : "none"} data-testid="sim-call-status">
                  {t(`workspace.simulator.callStatus.${call.status}`, { defaultValue: call.status })}
                </Tag>
                {live(call) ? (
                  <Button
                    size="small"
                    intent="danger"
                    icon="cross"
                    text={t("workspace.simulator.hangup")}
                    data-testid="sim-call-hangup"
                    loading={hangingUp === call.callId}
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
