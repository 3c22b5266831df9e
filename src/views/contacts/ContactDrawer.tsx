/**
 * A contact's page in a drawer of the contact book, on the `contact-page` page actor: attributes (edited as a draft,
 * saved together), groups, flags, tags, segments and conversations, with "Open chat" taking the agent to /apps/chat
 * on the chosen conversation. Names of groups, flags and tags come from the list's own pickers.
 */
import { useCallback, useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import { useSelector } from "@xstate/react"
import { Button, Callout, Drawer, HTMLTable, InputGroup, Spinner, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Conversation } from "../../contract/schemas/chat"
import type { Failure } from "../../machines/common/failure"
import { draftProblem } from "../../machines/contacts/contact-attributes"
import { pickerCalls, segmentsOfContactCall } from "../../machines/contacts/contact-calls"
import type { contactMachine } from "../../machines/contacts/contact-machine"
import type { Choice, ContactChoices } from "../../machines/contacts/contacts-report"
import { formatDateTime } from "../../machines/report-kit/format"
import { useFailureText } from "../common/failure-text"
import { useMayCall } from "../common/use-may-call"
import { CustomerDataActions } from "../data-rights/CustomerDataActions"
import { toast } from "../common/toast"

export type ContactPageRef = ActorRefFrom<typeof contactMachine>

const FailureNote = ({
  failure,
  testId,
  onRetry,
  wording,
}: {
  failure: Failure | null
  testId: string
  onRetry?: () => void
  /** The translation key that frames the reason (`{{message}}`). */
  wording?: string
}) => {
  const { t } = useTranslation()
  const text = useFailureText()
  if (!failure) return null
  return (
    <Callout intent="danger" icon="error" data-testid={testId}>
      {wording ? t(wording, { message: text(failure) }) : text(failure)}
      {onRetry ? <Button variant="minimal" size="small" icon="refresh" text={t("contacts.page.retry")} onClick={onRetry} /> : null}
    </Callout>
  )
}

const Section = ({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) => (
  <section className="mc-contact-section" data-testid={testId}>
    <h4 className="bp6-heading">{title}</h4>
    {children}
  </section>
)

const Names = ({ ids, choices, testId }: { ids: readonly number[]; choices: readonly Choice[]; testId: string }) => {
  const { t } = useTranslation()
  const named = ids.map((id) => choices.find((c) => c.id === id)).filter((c): c is Choice => c !== undefined)
  if (named.length === 0) return <span className="bp6-text-muted">{t("contacts.page.none")}</span>
  return (
    <div className="mc-contact-tags">
      {named.map((c) => (
        <Tag key={c.id} minimal data-testid={testId} style={c.color ? { borderInlineStart: `4px solid ${c.color}` } : undefined}>
          {c.name}
        </Tag>
      ))}
    </div>
  )
}

const Attributes = ({ actor }: { actor: ContactPageRef }) => {
  const { t } = useTranslation()
  const draft = useSelector(actor, (s) => s.context.draft)
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  const savable = useSelector(actor, (s) => s.can({ type: "SAVE" }))
  const saveFailure = useSelector(actor, (s) => s.context.saveFailure)
  const problem = draftProblem(draft)
  return (
    <Section title={t("contacts.page.attributes")} testId="contact-attributes">
      {draft.length === 0 ? <p className="bp6-text-muted">{t("contacts.page.noAttributes")}</p> : null}
      {draft.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the draft; keys are being edited
        <div key={index} className="mc-media-row mc-contact-attr" data-testid="contact-attribute">
          <InputGroup
            value={row.key}
            aria-label={t("contacts.page.key")}
            placeholder={t("contacts.page.key")}
            intent={problem?.row === index ? "danger" : "none"}
            data-testid="contact-attribute-key"
            onValueChange={(key) => actor.send({ type: "ATTR.SET", index, key, value: row.value })}
          />
          <InputGroup
            value={row.value}
            aria-label={t("contacts.page.value")}
            placeholder={t("contacts.page.value")}
            data-testid="contact-attribute-value"
            onValueChange={(value) => actor.send({ type: "ATTR.SET", index, key: row.key, value })}
          />
          <Button
            icon="trash"
            variant="minimal"
            aria-label={t("contacts.page.remove", { key: row.key })}
            onClick={() => actor.send({ type: "ATTR.REMOVE", index })}
          />
        </div>
      ))}
      {problem ? (
        <Callout intent="warning" data-testid="contact-attribute-problem">
          {t(`contacts.page.problems.${problem.kind}`, { row: (problem.row ?? 0) + 1 })}
        </Callout>
      ) : null}
      <FailureNote failure={saveFailure} testId="contact-save-error" wording="contacts.page.saveFailed" />
      <div className="mc-media-row">
        <Button
          icon="add"
          text={t("contacts.page.add")}
          data-testid="contact-attribute-add"
          onClick={() => actor.send({ type: "ATTR.ADD" })}
        />
        <Button text={t("contacts.page.reset")} disabled={saving} onClick={() => actor.send({ type: "ATTR.RESET" })} />
        <Button
          intent="primary"
          icon="floppy-disk"
          text={t("contacts.page.save")}
          loading={saving}
          disabled={!savable}
          data-testid="contact-save"
          onClick={() => actor.send({ type: "SAVE" })}
        />
      </div>
    </Section>
  )
}

const Conversations = ({ items, onOpen }: { items: readonly Conversation[]; onOpen: (id: number) => void }) => {
  const { t } = useTranslation()
  if (items.length === 0) return <p className="bp6-text-muted">{t("contacts.page.noConversations")}</p>
  return (
    <HTMLTable compact striped className="mc-contact-history" data-testid="contact-conversations">
      <thead>
        <tr>
          <th>{t("contacts.page.started")}</th>
          <th>{t("contacts.page.status")}</th>
          <th>{t("contacts.page.agent")}</th>
          <th>{t("contacts.page.lastMessage")}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {items.map((c) => (
          <tr key={c.id} data-testid="contact-conversation">
            <td className="mc-num">{formatDateTime(c.started_at)}</td>
            <td>{t(`contacts.page.conversationStatus.${c.status}`)}</td>
            <td>{c.agent_name ?? "—"}</td>
            <td className="mc-clip" dir="auto" title={c.last_message ?? ""}>
              {c.last_message ?? ""}
            </td>
            <td>
              <Button size="small" variant="minimal" icon="chat" text={t("contacts.page.open")} onClick={() => onOpen(c.id)} />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  )
}

export const ContactDrawer = ({
  actor,
  choices,
  onSaved,
}: {
  actor: ContactPageRef
  choices: ContactChoices | null
  onSaved: () => void
}) => {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const s = useSelector(actor, (snapshot) => snapshot)
  const { contact, details, failure } = s.context
  const mayReadFlags = useMayCall(pickerCalls.flags)
  const mayReadTags = useMayCall(pickerCalls.tags)
  const mayReadSegments = useMayCall(segmentsOfContactCall)
  useEffect(() => {
    const sub = actor.on("saved", () => {
      onSaved()
      void toast(t("contacts.page.saved"), "success", "contact-saved")
    })
    return () => sub.unsubscribe()
  }, [actor, onSaved, t])
  const openChat = (conversationId: number) => {
    actor.send({ type: "CHAT.OPEN", conversationId })
    navigate("/apps/chat")
  }
  const first = details?.conversations[0]
  const erased = useCallback(() => {
    actor.send({ type: "CLOSE" })
    onSaved()
  }, [actor, onSaved])
  return (
    <Drawer
      isOpen={!s.matches("closed")}
      onClose={() => actor.send({ type: "CLOSE" })}
      title={contact ? (contact.name ?? contact.number) : ""}
      icon="person"
      size="560px"
      position={i18n.dir() === "rtl" ? "left" : "right"}
    >
      {contact ? (
        <div className="mc-contact-page" data-testid="contact-page">
          <div className="mc-media-row mc-contact-head">
            <span className="mc-num" dir="ltr" data-testid="contact-page-number">
              {contact.number}
            </span>
            <Tag minimal>{t(`contacts.channels.${contact.channel_type}`)}</Tag>
            {contact.email ? <span>{contact.email}</span> : null}
            {contact.blocked ? (
              <Tag intent="danger" minimal>
                {t("contacts.list.isBlocked")}
              </Tag>
            ) : null}
            <Button
              intent="primary"
              icon="chat"
              text={t("contacts.page.openChat")}
              disabled={!first}
              data-testid="contact-open-chat"
              onClick={() => first && openChat(first.id)}
            />
          </div>
          <small className="bp6-text-muted">{t("contacts.page.added", { when: formatDateTime(contact.created_at) })}</small>
          <Attributes actor={actor} />
          <Section title={t("contacts.page.groups")} testId="contact-groups">
            <Names ids={contact.group_ids} choices={choices?.groups ?? []} testId="contact-group" />
          </Section>
          {mayReadFlags ? (
            <Section title={t("contacts.page.flags")} testId="contact-flags">
              <Names ids={contact.flag_ids ?? []} choices={choices?.flags ?? []} testId="contact-flag-name" />
            </Section>
          ) : null}
          {mayReadTags ? (
            <Section title={t("contacts.page.tags")} testId="contact-tags">
              <Names ids={contact.tag_ids ?? []} choices={choices?.tags ?? []} testId="contact-tag" />
            </Section>
          ) : null}
          {s.hasTag("loading") ? <Spinner size={24} /> : null}
          <FailureNote
            failure={failure}
            testId="contact-details-error"
            wording="contacts.page.loadFailed"
            onRetry={() => actor.send({ type: "RETRY" })}
          />
          {details ? (
            <>
              {mayReadSegments ? (
                <Section title={t("contacts.page.segments")} testId="contact-segments">
                  <Names ids={details.segments.map((seg) => seg.id)} choices={details.segments} testId="contact-segment" />
                </Section>
              ) : null}
              <Section title={t("contacts.page.conversations")} testId="contact-history">
                <FailureNote failure={details.historyFailure} testId="contact-history-error" wording="contacts.page.historyFailed" />
                {details.historyFailure ? null : <Conversations items={details.conversations} onOpen={openChat} />}
              </Section>
            </>
          ) : null}
          <CustomerDataActions id={contact.id} number={contact.number} onErased={erased} />
        </div>
      ) : null}
    </Drawer>
  )
}
