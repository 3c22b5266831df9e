/**
 * The cards every channel connection page shows (WhatsappChannelView, MetaPagesView): the connection's state heading,
 * the webhook URL and verify token to paste in Meta's console, and one credential field of the connect form. Test ids
 * are `<prefix>-…`, the prefix naming the page ("whatsapp", "meta").
 */
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Card, FormGroup, InputGroup, type Intent, Tag } from "@blueprintjs/core"

/** The state card: "State" with the connection's tag, then whatever the page says about it. */
export const ChannelStateCard = (props: { prefix: string; state: string; intent: Intent; children?: ReactNode }) => {
  const { t } = useTranslation()
  return (
    <Card data-testid={`${props.prefix}-state`}>
      <h3 style={{ marginTop: 0 }}>
        {t("channels.whatsapp.state")}{" "}
        <Tag intent={props.intent} large data-testid={`${props.prefix}-status`}>
          {t(`channels.states.${props.state}`)}
        </Tag>
      </h3>
      {props.children}
    </Card>
  )
}

/** A read-only value selected on focus, to copy (left to right in every language). */
const CopyField = ({ id, label, value }: { id: string; label: string; value: string }) => (
  <FormGroup label={label} labelFor={id}>
    <InputGroup id={id} dir="ltr" readOnly value={value} onFocus={(e) => e.currentTarget.select()} data-testid={id} />
  </FormGroup>
)

/** Where Meta must send this channel's webhooks, and the token it must echo. */
export const WebhookCard = (props: { prefix: string; help: string; url: string; verifyToken: string | null }) => {
  const { t } = useTranslation()
  return (
    <Card data-testid={`${props.prefix}-webhook`}>
      <h3 style={{ marginTop: 0 }}>{t("channels.whatsapp.webhook")}</h3>
      <p className="bp6-text-muted">{props.help}</p>
      <CopyField id={`${props.prefix}-webhook-url`} label={t("channels.whatsapp.webhookUrl")} value={props.url} />
      <CopyField id={`${props.prefix}-verify-token`} label={t("channels.whatsapp.verifyToken")} value={props.verifyToken ?? ""} />
    </Card>
  )
}

/** One credential of a connect form; secrets are typed blind and never filled back in. */
export const CredentialField = (props: {
  prefix: string
  field: string
  label: string
  help: string
  intent: Intent
  secret: boolean
  value: string
  onChange: (value: string) => void
}) => (
  <FormGroup label={props.label} labelFor={`${props.prefix}-${props.field}`} helperText={props.help} intent={props.intent}>
    <InputGroup
      id={`${props.prefix}-${props.field}`}
      dir="ltr"
      type={props.secret ? "password" : "text"}
      autoComplete="off"
      intent={props.intent}
      value={props.value}
      onChange={(e) => props.onChange(e.currentTarget.value)}
      data-testid={`${props.prefix}-${props.field}`}
    />
  </FormGroup>
)
