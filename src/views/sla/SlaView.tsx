/**
 * SLA policies (/apps/sla-policies): the tenant's policies (`sla-policies`: list, editor dialog, delete) and the SLA
 * report (`sla-report`: achieved, breached and open targets by policy, agent or channel over a range, and its CSV).
 */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  HTMLTable,
  InputGroup,
  Switch,
} from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useCallback } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import {
  SLA_ACTIONS,
  SLA_PRIORITIES,
  type SlaAction,
  type SlaCsvHeadings,
  type SlaPolicyInput,
  type SlaReportBy,
} from "../../contract/groups/sla"
import type { Channel } from "../../contract/schemas/common"
import type { slaPoliciesMachine } from "../../machines/sla/sla-policies"
import type { slaReportMachine } from "../../machines/sla/sla-report"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { useFormat } from "../common/format"
import { PageHeader } from "../common/PageHeader"
import { DateRange } from "../report-kit/DateRange"
import { useSaveFile } from "../contacts/use-save-file"

type PoliciesRef = ActorRefFrom<typeof slaPoliciesMachine>
type ReportRef = ActorRefFrom<typeof slaReportMachine>

const CHANNELS: readonly Channel[] = ["whatsapp", "facebook", "instagram", "sms", "webchat"]
const TARGETS = [
  ["first_response_seconds", "firstResponse"],
  ["next_response_seconds", "nextResponse"],
  ["resolution_seconds", "resolution"],
] as const

export const SlaView = () => {
  const { t } = useTranslation()
  const policies = usePageActor<PoliciesRef>("sla-policies")
  const report = usePageActor<ReportRef>("sla-report")
  return (
    <div className="mc-page" data-testid="sla-page">
      <PageHeader
        title={t("sla.title")}
        subtitle={t("sla.subtitle")}
        actions={
          policies ? (
            <Button
              intent="primary"
              icon="plus"
              text={t("sla.new")}
              style={{ whiteSpace: "nowrap" }}
              onClick={() => policies.send({ type: "EDIT", id: null })}
              data-testid="sla-new"
            />
          ) : null
        }
      />
      {policies ? <Policies actor={policies} /> : null}
      {report ? <Report actor={report} /> : null}
    </div>
  )
}

const Policies = ({ actor }: { actor: PoliciesRef }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const failureText = useFailureText()
  const rows = useSelector(actor, (s) => s.context.policies)
  const failure = useSelector(actor, (s) => s.context.failure)
  const segmentName = useSegmentName(actor)
  const target = (seconds: number | null) => (seconds === null ? "" : format.duration(seconds))
  return (
    <section className="mc-card mc-card-body" aria-label={t("sla.policies")}>
      <h3>{t("sla.policies")}</h3>
      {failure ? (
        <Callout intent="danger" data-testid="sla-failure">
          {failureText(failure)} <Button size="small" text={t("sla.retry")} onClick={() => actor.send({ type: "RETRY" })} />
        </Callout>
      ) : null}
      <HTMLTable compact striped data-testid="sla-policies">
        <thead>
          <tr>
            <th>{t("sla.name")}</th>
            <th>{t("sla.priority")}</th>
            <th>{t("sla.channel")}</th>
            <th>{t("sla.segment")}</th>
            <th>{t("sla.metrics.first_response")}</th>
            <th>{t("sla.metrics.next_response")}</th>
            <th>{t("sla.metrics.resolution")}</th>
            <th>{t("sla.enabled")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={9}>{t("sla.empty")}</td>
            </tr>
          ) : null}
          {rows.map((p) => (
            <tr key={p.id} data-testid="sla-policy" data-name={p.name}>
              <td>{p.name}</td>
              <td>{p.priority ? t(`sla.priorities.${p.priority}`) : t("sla.any")}</td>
              <td>{p.channel ? format.enumValue("channel", p.channel) : t("sla.any")}</td>
              <td>{p.segment_id === null ? t("sla.any") : segmentName(p.segment_id)}</td>
              <td className="mc-num">{target(p.first_response_seconds)}</td>
              <td className="mc-num">{target(p.next_response_seconds)}</td>
              <td className="mc-num">{target(p.resolution_seconds)}</td>
              <td>{p.enabled ? "✓" : ""}</td>
              <td>
                <Button
                  size="small"
                  variant="minimal"
                  icon="edit"
                  aria-label={t("sla.edit")}
                  onClick={() => actor.send({ type: "EDIT", id: p.id })}
                />
                <Button
                  size="small"
                  variant="minimal"
                  icon="trash"
                  intent="danger"
                  aria-label={t("sla.delete")}
                  onClick={() => actor.send({ type: "DELETE", id: p.id })}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <Editor actor={actor} />
    </section>
  )
}

/** A segment's name from the picker's list; one the user cannot list shows by its id. */
const useSegmentName = (actor: PoliciesRef) => {
  const { t } = useTranslation()
  const segments = useSelector(actor, (s) => s.context.segments)
  return (id: number) => segments.find((g) => g.id === id)?.name ?? t("sla.segmentId", { id })
}

const minutesOf = (seconds: number | null) => (seconds === null ? "" : String(Math.round((seconds / 60) * 100) / 100))
const secondsOf = (text: string) => {
  const minutes = Number(text.replace(",", "."))
  return text.trim() === "" || !Number.isFinite(minutes) || minutes <= 0 ? null : Math.max(1, Math.round(minutes * 60))
}

const Editor = ({ actor }: { actor: PoliciesRef }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const failureText = useFailureText()
  const draft = useSelector(actor, (s) => s.context.draft)
  const saving = useSelector(actor, (s) => s.matches("saving"))
  const saveFailure = useSelector(actor, (s) => s.context.saveFailure)
  const segments = useSelector(actor, (s) => s.context.segments)
  const segmentName = useSegmentName(actor)
  if (!draft) return null
  const change = (patch: Partial<SlaPolicyInput>) => actor.send({ type: "CHANGE", patch })
  const toggle = (list: "near_actions" | "breach_actions", action: SlaAction) =>
    change({ [list]: draft[list].includes(action) ? draft[list].filter((a) => a !== action) : [...draft[list], action] })
  return (
    <Dialog isOpen title={draft.id === null ? t("sla.new") : t("sla.edit")} onClose={() => actor.send({ type: "CANCEL" })}>
      <DialogBody>
        {saveFailure ? (
          <Callout intent="danger" data-testid="sla-save-failure">
            {failureText(saveFailure)}
          </Callout>
        ) : null}
        <FormGroup label={t("sla.name")} labelFor="sla-name">
          <InputGroup id="sla-name" value={draft.name} onValueChange={(name) => change({ name })} data-testid="sla-name" />
        </FormGroup>
        <FormGroup label={t("sla.priority")} labelFor="sla-priority">
          <HTMLSelect
            id="sla-priority"
            value={draft.priority ?? ""}
            onChange={(e) => change({ priority: (e.currentTarget.value || null) as SlaPolicyInput["priority"] })}
          >
            <option value="">{t("sla.any")}</option>
            {SLA_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {t(`sla.priorities.${p}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t("sla.channel")} labelFor="sla-channel">
          <HTMLSelect
            id="sla-channel"
            value={draft.channel ?? ""}
            onChange={(e) => change({ channel: (e.currentTarget.value || null) as Channel | null })}
          >
            <option value="">{t("sla.any")}</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {format.enumValue("channel", c)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t("sla.segment")} labelFor="sla-segment">
          <HTMLSelect
            id="sla-segment"
            value={draft.segment_id === null ? "" : String(draft.segment_id)}
            onChange={(e) => change({ segment_id: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
            data-testid="sla-segment"
          >
            <option value="">{t("sla.any")}</option>
            {draft.segment_id !== null && !segments.some((g) => g.id === draft.segment_id) ? (
              <option value={draft.segment_id}>{segmentName(draft.segment_id)}</option>
            ) : null}
            {segments.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {TARGETS.map(([field, label]) => (
          <FormGroup key={field} label={t(`sla.${label}`)} labelFor={`sla-${field}`} helperText={t("sla.secondsHint")}>
            <InputGroup
              id={`sla-${field}`}
              inputMode="decimal"
              defaultValue={minutesOf(draft[field])}
              onValueChange={(v) => change({ [field]: secondsOf(v) })}
              data-testid={`sla-${field}`}
            />
          </FormGroup>
        ))}
        <FormGroup label={t("sla.nearPercent")} labelFor="sla-near">
          <InputGroup
            id="sla-near"
            inputMode="numeric"
            value={String(draft.near_percent)}
            onValueChange={(v) => change({ near_percent: Number(v) || 0 })}
          />
        </FormGroup>
        {(["near_actions", "breach_actions"] as const).map((list) => (
          <FormGroup key={list} label={t(list === "near_actions" ? "sla.nearActions" : "sla.breachActions")}>
            {SLA_ACTIONS.map((a) => (
              <Checkbox
                key={a}
                label={t(`sla.actions.${a}`)}
                checked={draft[list].includes(a)}
                onChange={() => toggle(list, a)}
                data-testid={`sla-${list}-${a}`}
              />
            ))}
          </FormGroup>
        ))}
        <Switch label={t("sla.enabled")} checked={draft.enabled} onChange={() => change({ enabled: !draft.enabled })} />
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t("sla.cancel")} onClick={() => actor.send({ type: "CANCEL" })} />
            <Button
              intent="primary"
              text={t("sla.save")}
              loading={saving}
              onClick={() => actor.send({ type: "SAVE" })}
              data-testid="sla-save"
            />
          </>
        }
      />
    </Dialog>
  )
}

const Report = ({ actor }: { actor: ReportRef }) => {
  const { t } = useTranslation()
  const format = useFormat()
  const failureText = useFailureText()
  const query = useSelector(actor, (s) => s.context.query)
  const rows = useSelector(actor, (s) => s.context.rows)
  const failure = useSelector(actor, (s) => s.context.failure)
  const file = useSelector(actor, (s) => s.context.file)
  const saved = useCallback(() => actor.send({ type: "SAVED" }), [actor])
  useSaveFile(file, saved)
  const headings: SlaCsvHeadings = {
    by: t(`sla.column.${query.by}`),
    target: t("sla.target"),
    metrics: {
      first_response: t("sla.metrics.first_response"),
      next_response: t("sla.metrics.next_response"),
      resolution: t("sla.metrics.resolution"),
    },
    achieved: t("sla.achieved"),
    breached: t("sla.breached"),
    open: t("sla.open"),
    percent: t("sla.percent"),
    unassigned: t("sla.unassigned"),
  }
  return (
    <section className="mc-card mc-card-body" aria-label={t("sla.report")}>
      <h3>{t("sla.report")}</h3>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 8, alignItems: "flex-end", marginBlockEnd: 8 }}>
        <HTMLSelect
          value={query.by}
          aria-label={t("sla.report")}
          onChange={(e) => actor.send({ type: "SET", patch: { by: e.currentTarget.value as SlaReportBy } })}
        >
          {(["policy", "agent", "channel"] as const).map((b) => (
            <option key={b} value={b}>
              {t(`sla.by.${b}`)}
            </option>
          ))}
        </HTMLSelect>
        <DateRange
          testId="sla-range"
          start={query.start_date ?? ""}
          end={query.end_date ?? ""}
          onChange={(start, end) => actor.send({ type: "SET", patch: { start_date: start || undefined, end_date: end || undefined } })}
        />
        <Button icon="download" text={t("sla.csv")} onClick={() => actor.send({ type: "CSV", headings })} data-testid="sla-csv" />
      </div>
      {failure ? <Callout intent="danger">{failureText(failure)}</Callout> : null}
      <HTMLTable compact striped data-testid="sla-report">
        <thead>
          <tr>
            <th>{t(`sla.column.${query.by}`)}</th>
            <th>{t("sla.target")}</th>
            <th>{t("sla.achieved")}</th>
            <th>{t("sla.breached")}</th>
            <th>{t("sla.open")}</th>
            <th>{t("sla.percent")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={6}>{t("sla.noRows")}</td>
            </tr>
          ) : null}
          {rows.map((r) => (
            <tr key={`${r.key}-${r.metric}`} data-testid="sla-report-row">
              <td>{query.by === "channel" ? format.enumValue("channel", r.label) : r.label || t("sla.unassigned")}</td>
              <td>{t(`sla.metrics.${r.metric}`)}</td>
              <td className="mc-num">{format.count(r.achieved)}</td>
              <td className="mc-num">{format.count(r.breached)}</td>
              <td className="mc-num">{format.count(r.open)}</td>
              <td className="mc-num">{r.achieved_percent === null ? "" : format.count(r.achieved_percent)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </section>
  )
}
