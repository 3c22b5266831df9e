/**
 * One business in a drawer (page actor `business-detail`): its details, figures, agents and documents, and the actions
 * its state allows, each confirmed in place (a rejection with its reason; a deletion states the retention period).
 */
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Drawer, FormGroup, HTMLTable, Spinner, Tag, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import {
  actionsOf,
  BUSINESS_RETENTION_DAYS,
  type BusinessAction,
  type businessDetailMachine,
} from "../../machines/businesses/business-detail"
import { formatDateTime } from "../../machines/report-kit/format"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { toast } from "../common/toast"
import { useCount } from "../common/use-count"

export type DetailActor = ActorRefFrom<typeof businessDetailMachine>

export const useBusinessDetail = () => usePageActor<DetailActor>("business-detail")

const INTENT: Record<BusinessAction, "danger" | "primary" | "success" | "warning"> = {
  disable: "warning",
  enable: "success",
  delete: "danger",
  in_review: "primary",
  approved: "success",
  rejected: "danger",
}

export const BusinessPanel = ({ actor }: { actor: DetailActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const open = useSelector(actor, (s) => !s.hasTag("closed"))
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const detail = useSelector(actor, (s) => s.context.detail)
  const failure = useSelector(actor, (s) => s.context.failure)
  const done = useSelector(actor, (s) => s.context.done)
  const seen = useRef(done)
  useEffect(() => {
    if (done > seen.current) void toast(t("businesses.done"), "success", "business-done")
    seen.current = done
  }, [done, t])
  return (
    <Drawer isOpen={open} onClose={() => actor.send({ type: "CLOSE" })} title={detail?.info.name ?? ""} size="min(640px, 100vw)">
      <div className="mc-business-panel" data-testid="business-panel">
        {loading ? <Spinner size={24} /> : null}
        {failed ? (
          <Callout intent="danger" data-testid="business-load-failed">
            {t("businesses.detail.loadFailed", { message: failure ? failureText(failure) : "" })}{" "}
            <Button size="small" text={t("businesses.detail.retry")} onClick={() => actor.send({ type: "RETRY" })} />
          </Callout>
        ) : null}
        {detail && !loading ? <Details actor={actor} /> : null}
      </div>
    </Drawer>
  )
}

const Details = ({ actor }: { actor: DetailActor }) => {
  const { t } = useTranslation()
  const count = useCount()
  const detail = useSelector(actor, (s) => s.context.detail)
  if (!detail) return null
  const { info, stats, agents, documents } = detail
  const figures: [string, string][] = [
    ["agents", count(stats.agents)],
    ["contacts", count(stats.contacts)],
    ["conversations", count(stats.conversations)],
    ["messages", count(stats.messages_this_month)],
    ["templates", count(stats.templates_this_month)],
    ["balance", stats.balance ?? "0.00"],
  ]
  return (
    <>
      <div className="mc-business-head" data-testid="business-head">
        <Tag intent={info.active ? "success" : "none"} data-testid="business-state">
          {t(info.active ? "businesses.active" : "businesses.inactive")}
        </Tag>{" "}
        <Tag minimal data-testid="business-onboarding">
          {t(`businesses.onboarding.${info.onboarding_status}`)}
        </Tag>
        <p>
          <span dir="ltr">{info.email}</span>
          {info.phone ? (
            <>
              {" · "}
              <span dir="ltr">{info.phone}</span>
            </>
          ) : null}
        </p>
        <p>
          {t("businesses.detail.admin")}: <strong dir="ltr">{info.admin_username ?? "—"}</strong>
        </p>
        {info.rejection_reason ? (
          <Callout intent="danger">{t("businesses.detail.rejection", { reason: info.rejection_reason })}</Callout>
        ) : null}
      </div>
      <Actions actor={actor} />
      <h3>{t("businesses.detail.figures")}</h3>
      <dl className="mc-business-figures" data-testid="business-figures">
        {figures.map(([key, value]) => (
          <div key={key}>
            <dt>{t(`businesses.detail.stats.${key}`)}</dt>
            <dd className="mc-num" data-testid={`business-figure-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <h3>{t("businesses.detail.documents")}</h3>
      {documents.length === 0 ? (
        <p className="mc-muted">{t("businesses.detail.noDocuments")}</p>
      ) : (
        <ul data-testid="business-documents">
          {documents.map((doc) => (
            <li key={doc.id} data-testid="business-document">
              {t(`businesses.documentTypes.${doc.document_type}`)}:{" "}
              <a href={doc.url} target="_blank" rel="noreferrer" dir="ltr">
                {doc.name}
              </a>{" "}
              <span className="mc-muted mc-num">{formatDateTime(doc.created_at)}</span>
            </li>
          ))}
        </ul>
      )}
      <h3>{t("businesses.detail.agents")}</h3>
      {agents.length === 0 ? (
        <p className="mc-muted">{t("businesses.detail.noAgents")}</p>
      ) : (
        <HTMLTable compact striped className="mc-business-agents" data-testid="business-agents">
          <tbody>
            {agents.map((agent) => (
              <tr key={agent.id} data-testid="business-agent">
                <td dir="ltr">{agent.username}</td>
                <td>{agent.display_name ?? ""}</td>
                <td>{t(agent.online ? "businesses.detail.online" : "businesses.detail.offline")}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
    </>
  )
}

const Actions = ({ actor }: { actor: DetailActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const info = useSelector(actor, (s) => s.context.detail?.info ?? null)
  const action = useSelector(actor, (s) => s.context.action)
  const reason = useSelector(actor, (s) => s.context.reason)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const confirming = useSelector(actor, (s) => s.hasTag("confirming"))
  const acting = useSelector(actor, (s) => s.hasTag("acting"))
  if (!info) return null
  if (confirming && action)
    return (
      <Callout intent={INTENT[action] === "danger" ? "danger" : "primary"} className="mc-business-confirm" data-testid="business-confirm">
        <p>{t(`businesses.confirm.${action}`, { name: info.name, email: info.email, days: BUSINESS_RETENTION_DAYS })}</p>
        {action === "rejected" ? (
          <FormGroup
            label={t("businesses.reason")}
            labelFor="business-reason"
            intent={problem ? "danger" : "none"}
            helperText={problem ? t("businesses.reasonRequired") : undefined}
          >
            <TextArea
              id="business-reason"
              fill
              value={reason}
              onChange={(e) => actor.send({ type: "REASON", text: e.currentTarget.value })}
              data-testid="business-reason"
            />
          </FormGroup>
        ) : null}
        {failure ? <p data-testid="business-failure">{t("businesses.failed", { message: failureText(failure) })}</p> : null}
        <Button
          intent={INTENT[action]}
          loading={acting}
          text={t(`businesses.actions.${action}`)}
          onClick={() => actor.send({ type: "CONFIRM" })}
          data-testid="business-confirm-yes"
        />{" "}
        <Button
          text={t("businesses.cancel")}
          disabled={acting}
          onClick={() => actor.send({ type: "CANCEL" })}
          data-testid="business-confirm-no"
        />
      </Callout>
    )
  return (
    <div className="mc-business-actions">
      {actionsOf(info).map((next) => (
        <Button
          key={next}
          intent={INTENT[next]}
          variant={next === "delete" ? "outlined" : "solid"}
          text={t(`businesses.actions.${next}`)}
          onClick={() => actor.send({ type: "ASK", action: next })}
          data-testid={`business-action-${next}`}
        />
      ))}
    </div>
  )
}
