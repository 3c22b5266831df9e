/**
 * A template drawn as WhatsApp draws it on the customer's phone: a bubble on the chat's wallpaper with the header
 * (bold text, or a media placeholder), the body with the values (or the examples) filled in, the footer in grey, and
 * the buttons as separate rows below it. Used by the editor's live preview and the individual send.
 */
import { Icon, type IconName } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import type { TemplateButton } from "../../contract/schemas/templates"

const MEDIA_ICONS: Readonly<Record<string, IconName>> = { image: "media", video: "video", document: "document" }
const BUTTON_ICONS: Readonly<Record<TemplateButton["type"], IconName>> = { QUICK_REPLY: "undo", URL: "share", PHONE_NUMBER: "phone" }

export interface BubbleContent {
  readonly headerType: string | null
  /** Header text (filled in), or the media's link. */
  readonly header: string | null
  readonly body: string
  readonly footer: string | null
  readonly buttons: readonly TemplateButton[]
}

export const TemplateBubble = ({ content, testId = "template-bubble" }: { content: BubbleContent; testId?: string }) => {
  const { t } = useTranslation()
  const { headerType, header, body, footer, buttons } = content
  return (
    <figure className="mc-wa-phone" aria-label={t("templates.bubble.label")} data-testid={testId}>
      <figcaption className="mc-wa-caption">{t("templates.bubble.label")}</figcaption>
      <div className="mc-wa-wall">
        <div className="mc-wa-bubble">
          {headerType && headerType !== "text" ? (
            <div className="mc-wa-media" data-testid={`${testId}-media`}>
              <Icon icon={MEDIA_ICONS[headerType] ?? "paperclip"} size={32} />
              <span>{t(`templates.bubble.${headerType}`)}</span>
            </div>
          ) : null}
          {headerType === "text" && header ? (
            <div className="mc-wa-header" dir="auto" data-testid={`${testId}-header`}>
              {header}
            </div>
          ) : null}
          <div className="mc-wa-body" dir="auto" data-testid={`${testId}-body`}>
            {body}
          </div>
          {footer ? (
            <div className="mc-wa-footer" dir="auto" data-testid={`${testId}-footer`}>
              {footer}
            </div>
          ) : null}
          <div className="mc-wa-time" dir="ltr">
            12:00
          </div>
        </div>
        {buttons.map((b, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their order is their identity
          <div key={i} className="mc-wa-button" dir="auto" data-testid={`${testId}-button`}>
            <Icon icon={BUTTON_ICONS[b.type]} size={14} />
            <span>{b.text}</span>
          </div>
        ))}
      </div>
    </figure>
  )
}
