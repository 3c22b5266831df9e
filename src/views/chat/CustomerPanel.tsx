/** The right pane: the customer's profile (contacts.fetchCustomerProfile) and an editor for name, e-mail and attributes. */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, FormGroup, InputGroup, Spinner, Tag } from "@blueprintjs/core"
import type { CustomerRef } from "../../machines/chat/inbox-machine"
import { formatDateTime } from "../../machines/report-kit/format"
import { ErrorCallout } from "./chat-hooks"

const Field = ({ label, children }: { label: string; children: React.ReactNode }) => (
  <div className="mc-field">
    <dt>{label}</dt>
    <dd>{children}</dd>
  </div>
)

export const CustomerPanel = ({ customer }: { customer: CustomerRef }) => {
  const { t } = useTranslation()
  const profile = useSelector(customer, (s) => s.context.profile)
  const failure = useSelector(customer, (s) => s.context.failure)
  const saveFailure = useSelector(customer, (s) => s.context.saveFailure)
  const draft = useSelector(customer, (s) => s.context.draft)
  const loading = useSelector(customer, (s) => s.hasTag("loading"))
  const shown = useSelector(customer, (s) => s.hasTag("ready") || s.hasTag("loading"))
  const editing = useSelector(customer, (s) => s.hasTag("editing"))
  const saving = useSelector(customer, (s) => s.hasTag("saving"))
  const none = <span className="mc-muted">{t("chat.customer.none")}</span>
  const tags = (list: readonly string[]) =>
    list.length
      ? list.map((x) => (
          <Tag key={x} minimal round>
            {x}
          </Tag>
        ))
      : none

  return (
    <aside className="mc-customer" aria-label={t("chat.customer.title")} data-testid="chat-customer">
      <h3 className="mc-customer-title">{t("chat.customer.title")}</h3>
      {loading ? (
        <div className="mc-muted">
          <Spinner size={14} /> {t("chat.customer.loading")}
        </div>
      ) : null}
      {failure ? (
        <ErrorCallout failure={failure} compact onRetry={() => customer.send({ type: "RETRY" })} testId="chat-customer-error" />
      ) : null}
      {profile && shown ? (
        <>
          <dl className="mc-fields">
            <Field label={t("chat.customer.name")}>{profile.name ?? none}</Field>
            <Field label={t("chat.customer.number")}>
              <span className="mc-num">{profile.number}</span>
            </Field>
            <Field label={t("chat.customer.email")}>{profile.email ?? none}</Field>
            <Field label={t("chat.customer.channel")}>{t(`chat.channels.${profile.channel_type}`)}</Field>
            <Field label={t("chat.customer.conversations")}>
              <span className="mc-num">{profile.conversations}</span>
            </Field>
            <Field label={t("chat.customer.openTickets")}>
              <span className="mc-num">{profile.open_tickets}</span>
            </Field>
            <Field label={t("chat.customer.lastConversation")}>
              {profile.last_conversation_at ? <span className="mc-num">{formatDateTime(profile.last_conversation_at)}</span> : none}
            </Field>
            <Field label={t("chat.customer.labels")}>{tags(profile.labels)}</Field>
            <Field label={t("chat.customer.segments")}>{tags(profile.segments)}</Field>
            <Field label={t("chat.customer.flags")}>{tags(profile.flags)}</Field>
          </dl>
          <h4 className="mc-customer-sub">{t("chat.customer.attributes")}</h4>
          {Object.entries(profile.attributes).length === 0 ? (
            // A list of terms may hold only terms and details: "none" stands without one.
            <p className="mc-fields mc-muted" data-testid="chat-attributes">
              {t("chat.customer.none")}
            </p>
          ) : (
            <dl className="mc-fields" data-testid="chat-attributes">
              {Object.entries(profile.attributes).map(([k, v]) => (
                <Field key={k} label={k}>
                  {typeof v === "string" ? v : JSON.stringify(v)}
                </Field>
              ))}
            </dl>
          )}
          <Button
            icon="edit"
            text={t("chat.customer.edit")}
            onClick={() => customer.send({ type: "EDIT" })}
            data-testid="chat-customer-edit"
          />
        </>
      ) : null}
      {draft && editing ? (
        <form
          className="mc-customer-form"
          onSubmit={(e) => {
            e.preventDefault()
            customer.send({ type: "SAVE" })
          }}
        >
          {saveFailure ? <ErrorCallout failure={saveFailure} compact testId="chat-customer-save-error" /> : null}
          <FormGroup label={t("chat.customer.name")} labelFor="chat-customer-name">
            <InputGroup
              id="chat-customer-name"
              value={draft.name}
              onValueChange={(name) => customer.send({ type: "CHANGE", draft: { ...draft, name } })}
            />
          </FormGroup>
          <FormGroup label={t("chat.customer.email")} labelFor="chat-customer-email">
            <InputGroup
              id="chat-customer-email"
              type="email"
              value={draft.email}
              onValueChange={(email) => customer.send({ type: "CHANGE", draft: { ...draft, email } })}
            />
          </FormGroup>
          <h4 className="mc-customer-sub">{t("chat.customer.attributes")}</h4>
          {Object.entries(draft.attributes).map(([k, v], i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a row is a position; keyed by the name being typed, its input would remount on every key
            <div key={i} className="mc-attr-row">
              <InputGroup
                aria-label={t("chat.customer.key")}
                value={k}
                onValueChange={(key) => {
                  const entries = Object.entries(draft.attributes).map(([a, b], j) => (j === i ? [key, b] : [a, b]))
                  customer.send({ type: "CHANGE", draft: { ...draft, attributes: Object.fromEntries(entries) } })
                }}
              />
              <InputGroup
                aria-label={t("chat.customer.value")}
                value={v}
                onValueChange={(value) =>
                  customer.send({
                    type: "CHANGE",
                    draft: { ...draft, attributes: { ...draft.attributes, [k]: value } },
                  })
                }
              />
              <Button
                variant="minimal"
                icon="cross"
                aria-label={t("chat.customer.remove")}
                onClick={() => {
                  const { [k]: _gone, ...rest } = draft.attributes
                  customer.send({ type: "CHANGE", draft: { ...draft, attributes: rest } })
                }}
              />
            </div>
          ))}
          <Button
            variant="minimal"
            icon="plus"
            text={t("chat.customer.add")}
            onClick={() => {
              let n = Object.keys(draft.attributes).length + 1
              while (`attribute_${n}` in draft.attributes) n++
              customer.send({
                type: "CHANGE",
                draft: { ...draft, attributes: { ...draft.attributes, [`attribute_${n}`]: "" } },
              })
            }}
          />
          <div className="mc-customer-buttons">
            <Button text={t("chat.customer.cancel")} onClick={() => customer.send({ type: "CANCEL" })} />
            <Button type="submit" intent="primary" loading={saving} text={t("chat.customer.save")} data-testid="chat-customer-save" />
          </div>
        </form>
      ) : null}
    </aside>
  )
}
