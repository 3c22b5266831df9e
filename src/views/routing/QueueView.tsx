/**
 * The agents' queue (/apps/queue): what waits, in the order it is served, with each conversation's place, running
 * wait, estimated wait, priority and the rule behind it, agent group and SLA countdown, and the customers' calls
 * waiting for a free agent (their place among calls, running wait, whether they ring now); the caller's load and "Take
 * next" (an agent), or every agent's load and routing to an agent group (an admin). Thin: the page actor
 * `routing-queue` (machines/routing/routing-queue.ts) reads, re-reads and takes.
 */
import { Button, Callout, HTMLSelect, HTMLTable, Icon, Spinner, Tag } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { ActorRefFrom } from "xstate"
import type { QueueEntry, QueueGroup, QueueLoad, WaitingCall } from "../../contract/groups/routing"
import { mayTakeNext, type routingQueueMachine, waitedSeconds } from "../../machines/routing/routing-queue"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { useFormat } from "../common/format"
import { PageHeader } from "../common/PageHeader"
import { SlaCountdown, SlaWatch } from "../sla/SlaCountdown"
import "./routing.css"

type QueueRef = ActorRefFrom<typeof routingQueueMachine>

export const QueueView = () => {
  const { t } = useTranslation()
  const actor = usePageActor<QueueRef>("routing-queue")
  const admin = useSelector(actor ?? undefined, (s) => s?.context.queue?.admin ?? false)
  return (
    <div className="mc-page" data-testid="routing-queue-page">
      <PageHeader title={t("routing.title")} subtitle={t(admin ? "routing.subtitleAdmin" : "routing.subtitle")} />
      {actor ? <QueueBody actor={actor} /> : <Spinner size={24} />}
    </div>
  )
}

const QueueBody = ({ actor }: { actor: QueueRef }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const queue = useSelector(actor, (s) => s.context.queue)
  const failure = useSelector(actor, (s) => s.context.failure)
  const taking = useSelector(actor, (s) => s.matches("taking"))
  if (!queue)
    return failure ? (
      <Callout intent="danger" data-testid="routing-queue-failure">
        {t("routing.loadFailed", { message: failureText(failure) })}
        <Button minimal text={t("routing.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    ) : (
      <Spinner size={24} />
    )
  return (
    <>
      {failure ? (
        <Callout intent="warning" compact data-testid="routing-queue-failure">
          {t("routing.loadFailed", { message: failureText(failure) })}
        </Callout>
      ) : null}
      {queue.admin ? null : (
        <section className="mc-card mc-routing-mine" data-testid="routing-mine">
          <h3>{t("routing.mine")}</h3>
          <Loads loads={queue.mine} testId="routing-my-load" />
          <Button
            intent="primary"
            icon="hand"
            text={t("routing.takeNext")}
            loading={taking}
            disabled={!mayTakeNext(queue)}
            onClick={() => actor.send({ type: "TAKE_NEXT" })}
            data-testid="routing-take-next"
          />
        </section>
      )}
      <Notice actor={actor} />
      <Entries actor={actor} entries={queue.entries} calls={queue.calls} groups={queue.groups} admin={queue.admin} />
      {queue.admin ? <AgentLoads actor={actor} /> : null}
    </>
  )
}

const Loads = ({ loads, testId }: { loads: readonly QueueLoad[]; testId: string }) => {
  const { t } = useTranslation()
  const format = useFormat()
  return (
    <span className="mc-routing-loads">
      {loads.map((l) => (
        <Tag
          key={l.kind}
          minimal
          intent={l.held >= l.cap ? "warning" : "none"}
          data-testid={testId}
          data-kind={l.kind}
          data-held={l.held}
          data-cap={l.cap}
        >
          {t(`routing.kinds.${l.kind}`)} {t("routing.load", { held: format.count(l.held), cap: format.count(l.cap) })}
        </Tag>
      ))}
    </span>
  )
}

const Notice = ({ actor }: { actor: QueueRef }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const notice = useSelector(actor, (s) => s.context.notice)
  if (!notice) return null
  if (notice.kind === "refused") {
    const code = notice.failure.code
    const known = code === "AT_CAPACITY" || code === "QUEUE_EMPTY" || code === "BUSY"
    return (
      <Callout intent="warning" compact data-testid="routing-refused" data-code={code}>
        {known ? t(`routing.refused.${code}`) : notice.failure.message}
      </Callout>
    )
  }
  return (
    <Callout intent="success" compact data-testid="routing-taken" data-conversation={notice.conversationId}>
      {t("routing.taken", { customer: notice.customer || format.phone(notice.number) })}{" "}
      <Link to="/apps/chat">{t("routing.openChat")}</Link>
    </Callout>
  )
}

const Entries = ({
  actor,
  entries,
  calls,
  groups,
  admin,
}: {
  actor: QueueRef
  entries: readonly QueueEntry[]
  calls: readonly WaitingCall[]
  groups: readonly QueueGroup[]
  admin: boolean
}) => {
  const { t } = useTranslation()
  if (entries.length === 0 && calls.length === 0)
    return (
      <p className="mc-muted" data-testid="routing-empty">
        {t("routing.empty")}
      </p>
    )
  return (
    <>
      {calls.length > 0 ? (
        <p className="mc-muted" data-testid="routing-calls-note">
          {t("routing.callsNote")}
        </p>
      ) : null}
      <SlaWatch ids={entries.map((e) => e.conversation_id)} />
      {/* A region the keyboard reaches, so a long list scrolls by arrow keys even when nothing in it can be pressed. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take the focus (WCAG 2.1.1) */}
      <section tabIndex={0} aria-label={t("routing.waitingList")} className="mc-routing-list">
        <HTMLTable compact striped className="mc-routing-table" data-testid="routing-entries">
          <thead>
            <tr>
              {(["place", "customer", "channel", "priority", "waiting", "estimate", "group", "sla"] as const).map((c) => (
                <th key={c}>{t(`routing.columns.${c}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {calls.map((c) => (
              <CallRow key={c.call_id} actor={actor} call={c} />
            ))}
            {entries.map((e) => (
              <Row key={e.conversation_id} actor={actor} entry={e} groups={groups} admin={admin} />
            ))}
          </tbody>
        </HTMLTable>
      </section>
    </>
  )
}

const Row = ({ actor, entry: e, groups, admin }: { actor: QueueRef; entry: QueueEntry; groups: readonly QueueGroup[]; admin: boolean }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const serverAt = useSelector(actor, (s) => s.context.queue?.at ?? e.queued_at)
  const readAt = useSelector(actor, (s) => s.context.readAt)
  const now = useSelector(actor, (s) => s.context.now)
  const routing = useSelector(actor, (s) => s.matches("routing"))
  const waited = waitedSeconds(e.queued_at, serverAt, readAt, now)
  const rule = e.rule ? t(`routing.ruleKinds.${e.rule.kind}`, { name: e.rule.name }) : null
  return (
    <tr data-testid="routing-entry" data-conversation={e.conversation_id} data-position={e.position}>
      <td data-testid="routing-place">
        {t(`routing.kinds.${e.kind}`)} {format.count(e.position)}
      </td>
      <td>
        <div>{e.customer || format.phone(e.number)}</div>
        {e.customer ? <div className="mc-muted">{format.phone(e.number)}</div> : null}
      </td>
      <td>{format.enumValue("channel", e.channel)}</td>
      <td data-testid="routing-priority">
        {rule ? t("routing.because", { priority: format.count(e.priority), rule }) : t("routing.normal")}
      </td>
      <td data-testid="routing-waiting" data-seconds={waited}>
        {format.duration(waited)}
      </td>
      <td data-testid="routing-estimate">
        {e.wait_minutes === null ? t("routing.unknown") : t("routing.minutes", { minutes: format.count(e.wait_minutes) })}
      </td>
      <td>
        {admin ? (
          <HTMLSelect
            minimal
            disabled={routing}
            aria-label={t("routing.routeTo", { id: e.conversation_id })}
            value={e.group?.id ?? ""}
            onChange={(ev) => {
              const value = ev.currentTarget.value
              actor.send({ type: "ROUTE", conversationId: e.conversation_id, groupId: value === "" ? null : Number(value) })
            }}
            options={[{ value: "", label: t("routing.anyAgent") }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
            data-testid="routing-group"
          />
        ) : (
          (e.group?.name ?? t("routing.anyAgent"))
        )}
      </td>
      <td>
        <SlaCountdown conversationId={e.conversation_id} compact />
      </td>
    </tr>
  )
}

/** A customer's call waiting for a free agent: its place among calls, caller, running wait and whether it rings now. */
const CallRow = ({ actor, call: c }: { actor: QueueRef; call: WaitingCall }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const serverAt = useSelector(actor, (s) => s.context.queue?.at ?? c.queued_at)
  const readAt = useSelector(actor, (s) => s.context.readAt)
  const now = useSelector(actor, (s) => s.context.now)
  const waited = waitedSeconds(c.queued_at, serverAt, readAt, now)
  const caller = c.caller && c.caller !== c.number ? c.caller : ""
  return (
    <tr data-testid="routing-call" data-call={c.call_id} data-position={c.position} data-ringing={c.ringing}>
      <td data-testid="routing-place">
        <Icon icon="phone" size={12} /> {t("routing.callOf", { place: format.count(c.position) })}
      </td>
      <td>
        <div>{caller || format.phone(c.number)}</div>
        {caller ? <div className="mc-muted">{format.phone(c.number)}</div> : null}
      </td>
      <td>{t("routing.callChannel")}</td>
      <td data-testid="routing-call-state">{t(c.ringing ? "routing.callState.ringing" : "routing.callState.waiting")}</td>
      <td data-testid="routing-waiting" data-seconds={waited}>
        {format.duration(waited)}
      </td>
      <td />
      <td />
      <td />
    </tr>
  )
}

const AgentLoads = ({ actor }: { actor: QueueRef }) => {
  const { t } = useTranslation()
  const agents = useSelector(actor, (s) => s.context.queue?.agents ?? [])
  return (
    <section className="mc-card" data-testid="routing-agents">
      <h3>{t("routing.agents")}</h3>
      <HTMLTable compact striped className="mc-routing-table">
        <thead>
          <tr>
            <th>{t("routing.agent")}</th>
            <th>{t("routing.loads")}</th>
          </tr>
        </thead>
        <tbody>
          {agents.map((a) => (
            <tr key={a.user_id} data-testid="routing-agent" data-user={a.user_id}>
              <td>
                {a.name}{" "}
                <Tag minimal round intent={a.online ? "success" : "none"}>
                  {t(a.online ? "routing.online" : "routing.offline")}
                </Tag>
              </td>
              <td>
                <Loads loads={a.loads} testId="routing-agent-load" />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  )
}
