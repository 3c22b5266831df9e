/** The simulator page's mail outbox (page actor `sim-outbox`): what the development server "sent", newest first. */
import { Button, Callout } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { outboxMachine } from "../../machines/simulator/outbox-machine"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"

type OutboxActor = ActorRefFrom<typeof outboxMachine>

export const SimulatorOutbox = () => {
  const actor = usePageActor<OutboxActor>("sim-outbox")
  return actor ? <Outbox actor={actor} /> : null
}

const Outbox = ({ actor }: { actor: OutboxActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const mails = useSelector(actor, (s) => s.context.mails)
  const failure = useSelector(actor, (s) => s.context.failure)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  return (
    <section className="mc-card" data-testid="sim-outbox" aria-busy={loading && mails === null}>
      <div style={{ display: "flex", justifyContent: "space-between", alignItems: "baseline", gap: 12 }}>
        <div>
          <h3 style={{ margin: 0 }}>{t("simulator.outbox.title")}</h3>
          <p className="bp6-text-muted">{t("simulator.outbox.subtitle")}</p>
        </div>
        <Button icon="refresh" loading={loading} text={t("simulator.outbox.refresh")} onClick={() => actor.send({ type: "REFRESH" })} />
      </div>
      {failure ? (
        <Callout intent="danger" data-testid="sim-outbox-failed">
          {t("simulator.outbox.failed", { reason: failureText(failure) })}
        </Callout>
      ) : null}
      {mails !== null && mails.length === 0 ? (
        <p className="bp6-text-muted" data-testid="sim-outbox-empty">
          {t("simulator.outbox.empty")}
        </p>
      ) : null}
      {(mails ?? []).map((mail) => (
        <article key={mail.id} className="mc-card" data-testid="sim-outbox-mail" style={{ margin: "8px 0" }}>
          <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "2px 12px", margin: 0 }}>
            <dt className="bp6-text-muted">{t("simulator.outbox.to")}</dt>
            <dd style={{ margin: 0 }} data-testid="sim-outbox-to">
              {mail.to}
            </dd>
            <dt className="bp6-text-muted">{t("simulator.outbox.subject")}</dt>
            <dd style={{ margin: 0, fontWeight: 600 }} data-testid="sim-outbox-subject">
              {mail.subject}
            </dd>
            <dt className="bp6-text-muted">{t("simulator.outbox.time")}</dt>
            <dd style={{ margin: 0 }} className="mc-num">
              {formatDateTime(mail.createdAt)}
            </dd>
          </dl>
          <pre dir="auto" style={{ whiteSpace: "pre-wrap", margin: "8px 0 0" }} data-testid="sim-outbox-body">
            {mail.body}
          </pre>
        </article>
      ))}
    </section>
  )
}
