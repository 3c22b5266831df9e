/**
 * Individual Template Message (/templateMessage-individual-user, page actor `template-send`): pick an approved template,
 * type the number (a contact found in the book offers its attributes for the parameters), fill the parameters, see
 * the cost and the balance after it, send; the bubble shows what the customer will see. Thin: the rules are
 * machines/templates/template-send-draft.ts.
 */
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, ProgressBar } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import { Link } from "react-router-dom"
import type { ActorRefFrom } from "xstate"
import { headerTakesValue, previewOf, sendProblemOf } from "../../machines/templates/template-send-draft"
import { templateOf, type templateSendMachine } from "../../machines/templates/template-send-machine"
import { PUBLIC_TEMPLATE_ROUTE } from "../../contract/routes"
import { selectUserAcl } from "../../machines/acl/acl-selectors"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { placeholderNames } from "./TemplateDialog"
import { TemplateBubble } from "./TemplateBubble"
import "./templates.css"

type SendActor = ActorRefFrom<typeof templateSendMachine>

/** Open to everyone (a public route); sending needs a business account, so a visitor is offered the sign-in. */
export const TemplateSendView = () => {
  const { t } = useTranslation()
  const signedIn = useSelector(useAclActor(), (s) => selectUserAcl(s) !== null)
  return (
    <div className="mc-page" data-testid="template-send-page">
      <PageHeader title={t("templates.send.title")} subtitle={t("templates.send.subtitle")} />
      {signedIn ? <SignedInSend /> : <SignedOut />}
    </div>
  )
}

const SignedOut = () => {
  const { t } = useTranslation()
  return (
    <Callout intent="primary" icon="log-in" data-testid="template-send-signed-out">
      <p>{t("templates.send.signedOut")}</p>
      <Link to="/login" state={{ from: PUBLIC_TEMPLATE_ROUTE }} data-testid="template-send-sign-in">
        {t("templates.send.signIn")}
      </Link>
    </Callout>
  )
}

const SignedInSend = () => {
  const actor = usePageActor<SendActor>("template-send")
  return actor ? <SendForm actor={actor} /> : null
}

const money = (n: number) => n.toFixed(2)

const SendForm = ({ actor }: { actor: SendActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const state = useSelector(actor, (s) => s)
  const { draft, templates, cost, costFailure, contact, failure, sent } = state.context
  if (state.matches("loading")) return <ProgressBar intent="primary" aria-label={t("app.loading")} />
  if (state.matches("failed"))
    return (
      <Callout intent="danger" title={t("templates.send.loadFailed")} data-testid="template-send-load-failed">
        {failure ? failureText(failure) : null}
        <div>
          <Button text={t("templates.send.retry")} onClick={() => actor.send({ type: "RETRY" })} />
        </div>
      </Callout>
    )
  const template = templateOf(state.context)
  if (sent)
    return (
      <Callout intent="success" icon="tick-circle" className="mc-template-send" data-testid="template-send-done">
        <p>{t("templates.send.sent", { number: sent.messages[0]?.number ?? draft.number })}</p>
        <div className="mc-templates-row">
          <Button
            intent="primary"
            text={t("templates.send.another")}
            onClick={() => actor.send({ type: "NEW" })}
            data-testid="template-send-another"
          />
          <Link to="/apps/chat">{t("templates.send.openInbox")}</Link>
        </div>
      </Callout>
    )
  const problem = sendProblemOf(draft, template)
  const sending = state.matches("sending")
  const preview = template ? previewOf(template, draft.params, draft.headerValue) : null
  const attributes = Object.keys(contact?.attributes ?? {})
  return (
    <form
      className="mc-card mc-template-send"
      onSubmit={(e) => {
        e.preventDefault()
        actor.send({ type: "SEND" })
      }}
      data-testid="template-send-form"
    >
      <div>
        {templates.length === 0 ? (
          <Callout intent="primary" data-testid="template-send-none">
            {t("templates.send.noTemplates")}
          </Callout>
        ) : null}
        <FormGroup label={t("templates.send.template")} labelFor="template-send-template">
          <HTMLSelect
            id="template-send-template"
            fill
            value={draft.templateId ?? ""}
            onChange={(e) => actor.send({ type: "PICK", templateId: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
            options={[
              { value: "", label: t("templates.send.choose") },
              ...templates.map((x) => ({ value: x.id, label: `${x.name} (${x.language})` })),
            ]}
            data-testid="template-send-template"
          />
        </FormGroup>
        <FormGroup
          label={t("templates.send.number")}
          labelFor="template-send-number"
          helperText={
            draft.number && state.matches({ editing: { contact: "idle" } }) && problem !== "number"
              ? contact
                ? t("templates.send.contactFound", { name: contact.name ?? draft.number })
                : t("templates.send.contactNone")
              : undefined
          }
        >
          <InputGroup
            id="template-send-number"
            dir="ltr"
            placeholder={t("templates.send.numberHint")}
            value={draft.number}
            onValueChange={(value) => actor.send({ type: "NUMBER", value })}
            data-testid="template-send-number"
          />
        </FormGroup>
        {template && headerTakesValue(template) ? (
          <FormGroup label={t("templates.send.headerValue", { p: "{{1}}" })} labelFor="template-send-header">
            <InputGroup
              id="template-send-header"
              dir="auto"
              placeholder={template.header_example ?? ""}
              value={draft.headerValue}
              onValueChange={(value) => actor.send({ type: "HEADER", value })}
              data-testid="template-send-header"
            />
          </FormGroup>
        ) : null}
        {template
          ? placeholderNames(template.params_count).map((name, i) => (
              <FormGroup key={name} label={t("templates.send.param", { p: `{{${i + 1}}}` })} labelFor={`template-send-param-${i + 1}`}>
                <div className="mc-template-param">
                  <InputGroup
                    id={`template-send-param-${i + 1}`}
                    dir="auto"
                    placeholder={template.body_examples?.[i] ?? ""}
                    value={draft.params[i] ?? ""}
                    onValueChange={(value) => actor.send({ type: "PARAM", index: i, value })}
                    data-testid="template-send-param"
                  />
                  <HTMLSelect
                    aria-label={t("templates.send.fromContact")}
                    value=""
                    disabled={attributes.length === 0}
                    onChange={(e) => e.currentTarget.value && actor.send({ type: "FROM_CONTACT", index: i, key: e.currentTarget.value })}
                    options={[
                      { value: "", label: t("templates.send.fromContact") },
                      ...attributes.map((key) => ({ value: key, label: key })),
                    ]}
                    data-testid="template-send-from-contact"
                  />
                </div>
              </FormGroup>
            ))
          : null}
        <div className="mc-template-cost" data-testid="template-send-cost">
          {cost ? (
            <>
              <strong>{t("templates.send.cost")}: </strong>
              {t("templates.send.costLine", {
                cost: money(cost.total_cost),
                balance: money(cost.balance_after),
                currency: cost.currency,
              })}
              {cost.balance_after < 0 ? (
                <Callout intent="warning" data-testid="template-send-low-balance">
                  {t("templates.send.lowBalance")}
                </Callout>
              ) : null}
            </>
          ) : costFailure ? (
            t("templates.send.costFailed", { message: failureText(costFailure) })
          ) : null}
        </div>
        {problem && (draft.templateId !== null || draft.number) ? (
          <p className="mc-templates-reason" data-testid="template-send-problem">
            {t(`templates.send.problems.${problem}`)}
          </p>
        ) : null}
        {failure ? (
          <Callout intent="danger" icon="error" data-testid="template-send-failure">
            {t("templates.send.failed", { message: failureText(failure) })}
          </Callout>
        ) : null}
        <Button
          type="submit"
          intent="primary"
          icon="send-message"
          text={t("templates.send.send")}
          loading={sending}
          disabled={problem !== null || cost === null}
          data-testid="template-send-submit"
        />
      </div>
      {template && preview ? (
        <TemplateBubble
          content={{
            headerType: template.header_type,
            header: template.header_type === "text" ? preview.header : template.header,
            body: preview.body,
            footer: template.footer,
            buttons: template.buttons,
          }}
          testId="template-send-preview"
        />
      ) : null}
    </form>
  )
}
