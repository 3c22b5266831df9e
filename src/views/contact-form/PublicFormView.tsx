/**
 * The public information-collection form (/contact-form?token=…), drawn in the logged-out frame in the visitor's
 * language: the business's questions with the phone number first, each problem said on its field, then a thank-you.
 * A link the server refuses (tampered, or the form closed since) says so instead of the form.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, FormGroup, InputGroup, Spinner } from "@blueprintjs/core"
import { useSearchParams } from "react-router-dom"
import type { ActorRefFrom } from "xstate"
import type { ContactFormField } from "../../contract/schemas/contacts"
import type { Failure } from "../../machines/common/failure"
import type { publicFormMachine } from "../../machines/contact-form/public-form-machine"
import { usePageActor } from "../common/actor-context"
import { AuthFrame } from "../session/AuthFrame"
import "./contact-form.css"

type Actor = ActorRefFrom<typeof publicFormMachine>

const INPUT_TYPE: Record<ContactFormField["type"], string> = { text: "text", email: "email", number: "text", date: "date" }

export const PublicFormView = () => {
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const actor = usePageActor<Actor>("public-contact-form", { token: params.get("token") ?? "" })
  const business = useSelector(actor ?? undefined, (s) => s?.context.form?.business ?? "")
  return (
    <AuthFrame brand={false} title={business || t("contactForm.public.title")} subtitle={t("contactForm.public.subtitle")}>
      <div data-testid="public-contact-form">{actor ? <PublicForm actor={actor} /> : <Spinner />}</div>
    </AuthFrame>
  )
}

/** What a refused or failed call says to a visitor. */
const useVisitorText = () => {
  const { t } = useTranslation()
  return (failure: Failure) => {
    if (failure.code === "FORM_LINK_INVALID") return t("contactForm.public.invalid")
    if (failure.code === "FORM_LINK_REVOKED") return t("contactForm.public.revoked")
    if (failure.code === "TOO_MANY_REQUESTS") return t("contactForm.public.tooMany")
    if (failure.code === "NETWORK" || failure.status === 0) return t("contactForm.public.offline")
    return t("contactForm.public.refused", { message: failure.message })
  }
}

const PublicForm = ({ actor }: { actor: Actor }) => {
  const { t } = useTranslation()
  const visitorText = useVisitorText()
  const state = useSelector(actor, (s) => s.value)
  const busy = useSelector(actor, (s) => s.hasTag("busy"))
  const form = useSelector(actor, (s) => s.context.form)
  const number = useSelector(actor, (s) => s.context.number)
  const values = useSelector(actor, (s) => s.context.values)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  if (state === "sent")
    return (
      <Callout intent="success" icon="tick-circle" data-testid="public-form-sent">
        {t("contactForm.public.thanks")}
      </Callout>
    )
  if (state === "refused" && failure)
    return (
      <Callout intent="danger" data-testid="public-form-refused">
        {visitorText(failure)}
      </Callout>
    )
  if (state === "unreachable" && failure)
    return (
      <Callout intent="warning" data-testid="public-form-unreachable">
        {visitorText(failure)} <Button text={t("contactForm.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  if (!form) return <Spinner aria-label={t("contactForm.loading")} />
  const said = (key: string) =>
    problem?.field === key ? t(`contactForm.public.problems.${problem.kind}`) : failure?.field === key ? failure.message : undefined
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: "SUBMIT" })
      }}
    >
      <FormGroup
        label={t("contactForm.public.phone")}
        labelFor="public-form-number"
        labelInfo={t("contactForm.public.requiredMark")}
        helperText={said("number") ?? t("contactForm.public.phoneHelp")}
        intent={said("number") ? "danger" : "none"}
      >
        <InputGroup
          id="public-form-number"
          type="tel"
          size="large"
          autoComplete="tel"
          dir="ltr"
          intent={said("number") ? "danger" : "none"}
          value={number}
          onValueChange={(value) => actor.send({ type: "CHANGE", number: value })}
          data-testid="public-form-number"
        />
      </FormGroup>
      {form.fields.map((field) => {
        const text = said(field.key)
        return (
          <FormGroup
            key={field.key}
            label={field.label ?? t(`contactForm.public.known.${field.key}`, { defaultValue: field.key })}
            labelFor={`public-form-${field.key}`}
            labelInfo={field.required ? t("contactForm.public.requiredMark") : t("contactForm.public.optional")}
            helperText={text}
            intent={text ? "danger" : "none"}
          >
            <InputGroup
              id={`public-form-${field.key}`}
              type={field.key === "email" ? "email" : INPUT_TYPE[field.type]}
              inputMode={field.type === "number" ? "decimal" : undefined}
              size="large"
              intent={text ? "danger" : "none"}
              value={values[field.key] ?? ""}
              onValueChange={(value) => actor.send({ type: "CHANGE", key: field.key, value })}
              data-testid={`public-form-${field.key}`}
            />
          </FormGroup>
        )
      })}
      {failure && !failure.field ? (
        <Callout intent="danger" className="mc-contact-form-gap" data-testid="public-form-failure">
          {visitorText(failure)}
        </Callout>
      ) : null}
      <Button
        type="submit"
        intent="primary"
        size="large"
        fill
        loading={busy}
        text={t("contactForm.public.send")}
        data-testid="public-form-send"
      />
    </form>
  )
}
