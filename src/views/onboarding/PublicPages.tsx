/** The public pages: the privacy policy (/privacy-policy), BTW (VAT) information (/btw) and the integration example (/example). */
import { useTranslation } from "react-i18next"
import { BUSINESS_RETENTION_DAYS } from "../../machines/businesses/business-detail"
import "./onboarding.css"

interface Section {
  readonly heading: string
  readonly text: string
}

const Article = ({ page }: { page: "privacy" | "btw" }) => {
  const { t } = useTranslation()
  const sections = t(`onboarding.${page}.sections`, { returnObjects: true, days: BUSINESS_RETENTION_DAYS }) as Section[]
  return (
    <article className="mc-public-article" data-testid={`${page}-page`}>
      <h1 data-testid="page-title">{t(`onboarding.${page}.title`)}</h1>
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.text}</p>
        </section>
      ))}
    </article>
  )
}

export const PrivacyPolicyView = () => <Article page="privacy" />
export const BtwView = () => <Article page="btw" />

/** What one delivery looks like: the headers and body server/features/webhooks/delivery.ts sends. */
const DELIVERY = `POST /your/webhook HTTP/1.1
content-type: application/json
x-webhook-id: 5f0c8a52-8a4e-4c9e-9d5e-2f1b7c3e9a10
x-webhook-event: message.received
x-webhook-attempt: 1
x-webhook-timestamp: 1795400000
x-webhook-signature: t=1795400000,v1=<hex HMAC-SHA256>

{"id":"5f0c8a52-8a4e-4c9e-9d5e-2f1b7c3e9a10","type":"message.received",
 "created_at":"2026-11-24T10:00:00.000Z","data":{ … }}`

const VERIFY = `import { createHmac, timingSafeEqual } from "node:crypto"

const verify = (token, header, body) => {
  const { t, v1 } = Object.fromEntries(header.split(",").map((part) => part.split("=")))
  const expected = createHmac("sha256", token).update(\`\${t}.\${body}\`).digest("hex")
  return v1.length === expected.length && timingSafeEqual(Buffer.from(v1), Buffer.from(expected))
}`

export const ExampleView = () => {
  const { t } = useTranslation()
  return (
    <article className="mc-public-article mc-page" data-testid="example-page">
      <h1 data-testid="page-title">{t("onboarding.example.title")}</h1>
      <p>{t("onboarding.example.intro")}</p>
      <h2 id="example-request">{t("onboarding.example.requestHeading")}</h2>
      {/* A code block scrolls sideways: focusable, so a keyboard can scroll it, and named by its heading. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a code block stays a pre; the region role lets its heading name it */}
      <pre
        dir="ltr"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard
        tabIndex={0}
        role="region"
        aria-labelledby="example-request"
      >
        {DELIVERY}
      </pre>
      <h2 id="example-verify">{t("onboarding.example.verifyHeading")}</h2>
      <p>{t("onboarding.example.verifyText")}</p>
      {/* biome-ignore lint/a11y/useSemanticElements: a code block stays a pre; the region role lets its heading name it */}
      <pre
        dir="ltr"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled from the keyboard
        tabIndex={0}
        role="region"
        aria-labelledby="example-verify"
      >
        {VERIFY}
      </pre>
    </article>
  )
}
