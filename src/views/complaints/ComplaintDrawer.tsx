/**
 * One complaint of Complain Tickets in a drawer, on the page-scoped `complaint` actor: its status, assignee and
 * resolution note, and its details (name, category, complaint text, at most 800 characters), each saved apart.
 */
import { useEffect, useRef } from "react"
import { useFormat } from "../common/format"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Drawer, HTMLSelect, InputGroup, Spinner, Tag, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { TicketStatus } from "../../contract/schemas/tickets"
import type { complaintMachine } from "../../machines/complaints/complaint-machine"
import { NOTE_MAX } from "../../machines/complaints/complaint-machine"
import { formatDateTime } from "../../machines/report-kit/format"
import { TICKET_STATUSES } from "../../machines/tickets/ticket-reports"
import { toast } from "../common/toast"
import { AgentSelect, ChannelCell, DetailFailure, Field } from "../workspace/WorkspaceParts"

type ComplaintActor = ActorRefFrom<typeof complaintMachine>

export const ComplaintDrawer = ({ actor }: { actor: ComplaintActor }) => {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const s = useSelector(actor, (snapshot) => snapshot)
  const { context } = s
  const c = context.complaint
  const busy = s.matches("saving") || s.matches("savingMeta")
  const saved = useRef(context.saved)
  useEffect(() => {
    if (context.saved > saved.current) void toast(t("workspace.complaints.saved"), "success", "complaint-saved")
    saved.current = context.saved
  }, [context.saved, t])
  return (
    <Drawer
      isOpen={!s.matches("closed")}
      onClose={() => actor.send({ type: "CLOSE" })}
      title={t("workspace.complaints.details", { ticket: context.ticketNumber })}
      icon="issue"
      size="480px"
      position={i18n.dir() === "rtl" ? "left" : "right"}
      className="mc-ws-drawer"
    >
      <div className="mc-ws-drawer-body" style={{ overflowY: "auto" }} data-testid="complaint-drawer">
        {s.matches("loading") ? (
          <div className="mc-report-empty">
            <Spinner size={28} />
          </div>
        ) : null}
        <DetailFailure
          failure={context.failure}
          text={(message) => t("workspace.common.loadFailed", { message })}
          onRetry={s.hasTag("failed") ? () => actor.send({ type: "RETRY" }) : undefined}
          testId="complaint-error"
        />
        {context.problem ? (
          <Callout intent="warning" data-testid="complaint-problem">
            {t(`workspace.complaints.problems.${context.problem}`)}
          </Callout>
        ) : null}
        {c ? (
          <>
            <div className="mc-ws-form">
              <div className="mc-media-row" style={{ alignItems: "center" }}>
                <strong>{c.name}</strong> <ChannelCell channel={c.channel_type} />
                <Tag minimal intent={c.status === "Resolved" ? "success" : "warning"} data-testid="complaint-status">
                  {format.enumValue("ticketStatus", c.status)}
                </Tag>
              </div>
              <small className="mc-num">
                {c.number} · {formatDateTime(c.dt)}
              </small>
              <div className="mc-ws-row">
                <Field label={t("workspace.common.status")}>
                  <HTMLSelect
                    value={context.draft.status}
                    onChange={(e) => actor.send({ type: "EDIT", patch: { status: e.currentTarget.value as TicketStatus } })}
                    data-testid="complaint-status-select"
                  >
                    {TICKET_STATUSES.map((st) => (
                      <option key={st} value={st}>
                        {format.enumValue("ticketStatus", st)}
                      </option>
                    ))}
                  </HTMLSelect>
                </Field>
                <AgentSelect
                  value={context.draft.agent}
                  agents={context.agents}
                  error={context.agentsError}
                  onChange={(agent) => actor.send({ type: "EDIT", patch: { agent } })}
                  testId="complaint-agent"
                />
              </div>
              <Field label={t("workspace.complaints.note")}>
                <TextArea
                  className="mc-ws-note"
                  maxLength={NOTE_MAX}
                  value={context.draft.note}
                  placeholder={t("workspace.complaints.notePlaceholder")}
                  onChange={(e) => actor.send({ type: "EDIT", patch: { note: e.currentTarget.value } })}
                  data-testid="complaint-note"
                />
              </Field>
              <Button
                intent="primary"
                icon="tick"
                text={t("workspace.complaints.saveStatus")}
                loading={s.matches("saving")}
                disabled={busy}
                onClick={() => actor.send({ type: "SAVE" })}
                data-testid="complaint-save"
              />
            </div>
            <div className="mc-ws-form" style={{ borderTop: "1px solid var(--mc-border)" }}>
              <strong>{t("workspace.complaints.metaTitle")}</strong>
              <Field label={t("workspace.complaints.name")}>
                <InputGroup
                  value={context.meta.name}
                  maxLength={120}
                  onValueChange={(name) => actor.send({ type: "META.EDIT", patch: { name } })}
                  data-testid="complaint-name"
                />
              </Field>
              <Field label={t("workspace.complaints.category")}>
                <InputGroup
                  value={context.meta.category}
                  maxLength={60}
                  onValueChange={(category) => actor.send({ type: "META.EDIT", patch: { category } })}
                  data-testid="complaint-category"
                />
              </Field>
              <Field label={t("workspace.complaints.message")}>
                <TextArea
                  className="mc-ws-note"
                  maxLength={NOTE_MAX}
                  value={context.meta.message}
                  onChange={(e) => actor.send({ type: "META.EDIT", patch: { message: e.currentTarget.value } })}
                  data-testid="complaint-message"
                />
              </Field>
              <Button
                icon="floppy-disk"
                text={t("workspace.complaints.saveMeta")}
                loading={s.matches("savingMeta")}
                disabled={busy}
                onClick={() => actor.send({ type: "META.SAVE" })}
                data-testid="complaint-save-meta"
              />
            </div>
          </>
        ) : null}
      </div>
    </Drawer>
  )
}
