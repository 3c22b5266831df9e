/**
 * /apps/simulator (tenant admins, development servers): play customers of your own tenant. Place an incoming
 * WhatsApp voice call and hang it up as the customer (SimulatorCalls), write in on any channel, type, and watch what
 * the customer's phone received with its delivery status (SimulatorMessages), and read the mail the server kept in its
 * development outbox (SimulatorOutbox, its own page actor `sim-outbox`). Everything goes through the page's
 * `simulator` actor.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, NonIdealState, Spinner } from "@blueprintjs/core"
import { usePageActor, useSessionActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import type { SimActor } from "./sim-parts"
import { SimulatorCalls } from "./SimulatorCalls"
import { SimulatorMessages } from "./SimulatorMessages"
import { SimulatorOutbox } from "./SimulatorOutbox"
import "../report-kit/report-kit.css"

const Simulator = ({ actor }: { actor: SimActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const failure = useSelector(actor, (s) => s.context.failure)
  const problem = useSelector(actor, (s) => s.context.problem)
  const checking = useSelector(actor, (s) => s.hasTag("checking"))
  const off = useSelector(actor, (s) => s.hasTag("off"))
  if (checking)
    return (
      <div className="mc-card mc-report-empty">
        <Spinner size={28} />
        <p>{t("workspace.simulator.checking")}</p>
      </div>
    )
  if (off) {
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
      {failure ? (
        <Callout intent="danger" title={t("workspace.simulator.errorTitle")} data-testid="sim-error">
          {failureText(failure)}{" "}
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
        <SimulatorCalls actor={actor} />
        <SimulatorMessages actor={actor} />
      </div>
      <SimulatorOutbox />
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
