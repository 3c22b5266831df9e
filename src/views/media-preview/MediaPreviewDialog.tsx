/**
 * The media preview dialog of a call's message (spec 000 section 2): TEXT, IMAGE (with 'Failed to load image' and
 * 'Open Original Link'), VIDEO, DOCUMENT (new tab, document viewer, 'Loading document, please wait...'),
 * INTERACTIVE (header image, body, footer, buttons, type, header type), anything else 'Unsupported media type'.
 */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { AnchorButton, Callout, Dialog, DialogBody, Spinner, Tag } from "@blueprintjs/core"
import type { CallMessage } from "../../contract/schemas/reports"
import "../report-kit/report-kit.css"

const attachment = (message: CallMessage, name: string) => message.attachments.find((a) => a.name === name)?.value

const ImagePreview = ({ url }: { url: string }) => {
  const { t } = useTranslation()
  const [failed, setFailed] = useState(false)
  if (failed) {
    return (
      <Callout intent="warning" icon="error" data-testid="media-image-failed">
        <p>{t("mediaPreview.failedImage")}</p>
        <AnchorButton href={url} target="_blank" rel="noopener noreferrer" icon="link" text={t("mediaPreview.openOriginal")} />
      </Callout>
    )
  }
  return <img src={url} alt={t("mediaPreview.imageAlt")} onError={() => setFailed(true)} data-testid="media-image" />
}

const DocumentPreview = ({ url, filename }: { url: string; filename: string }) => {
  const { t } = useTranslation()
  const [loading, setLoading] = useState(true)
  const viewer = `https://docs.google.com/viewer?url=${encodeURIComponent(url)}&embedded=true`
  return (
    <div className="mc-media-body" data-testid="media-document">
      <strong>{filename}</strong>
      <div className="mc-media-row">
        <AnchorButton href={url} target="_blank" rel="noopener noreferrer" icon="document-open" text={t("mediaPreview.openNewTab")} />
        <AnchorButton href={viewer} target="_blank" rel="noopener noreferrer" icon="document-share" text={t("mediaPreview.openViewer")} />
      </div>
      {loading ? (
        <div className="mc-media-row" data-testid="media-document-loading">
          <Spinner size={16} /> {t("mediaPreview.loadingDocument")}
        </div>
      ) : null}
      <iframe
        className="mc-media-doc"
        title={filename}
        src={viewer}
        onLoad={() => setLoading(false)}
        // A document that fails to load is logged only (spec 000 section 8).
        onError={() => console.error("[media] document failed to load", url)}
      />
    </div>
  )
}

interface Interactive {
  header_type?: string
  header_value?: string
  body?: string
  footer?: string
  type?: string
  actions_list?: { buttons?: { reply?: { title?: string }; title?: string }[] }
}

const InteractivePreview = ({ value }: { value: Interactive }) => {
  const { t } = useTranslation()
  const buttons = value.actions_list?.buttons ?? []
  return (
    <div className="mc-media-body" data-testid="media-interactive">
      {value.header_type === "image" && value.header_value ? <img src={value.header_value} alt={t("mediaPreview.header")} /> : null}
      {value.header_type !== "image" && value.header_value ? <strong>{value.header_value}</strong> : null}
      {value.body ? <p>{value.body}</p> : null}
      {value.footer ? <small>{value.footer}</small> : null}
      {buttons.length ? (
        <section className="mc-media-row" aria-label={t("mediaPreview.buttons")}>
          {buttons.map((b, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a stored message's buttons never reorder, and titles may repeat
            <Tag key={i} large minimal>
              {b.reply?.title ?? b.title ?? ""}
            </Tag>
          ))}
        </section>
      ) : null}
      <div className="mc-media-row">
        <Tag minimal>
          {t("mediaPreview.type")}: {value.type ?? ""}
        </Tag>
        <Tag minimal>
          {t("mediaPreview.headerType")}: {value.header_type ?? ""}
        </Tag>
      </div>
    </div>
  )
}

export const MediaBody = ({ message }: { message: CallMessage }) => {
  const { t } = useTranslation()
  const kind = String(message.message_type).toUpperCase()
  const url = message.message_body ?? ""
  switch (kind) {
    case "TEXT":
      return (
        <p className="mc-media-text" data-testid="media-text" style={{ whiteSpace: "pre-wrap" }}>
          {message.message_body}
        </p>
      )
    case "IMAGE":
      return <ImagePreview url={url} />
    case "VIDEO":
      return <video src={url} controls data-testid="media-video" />
    case "DOCUMENT":
      return <DocumentPreview url={url} filename={attachment(message, "filename") ?? url} />
    case "INTERACTIVE":
      return <InteractivePreview value={(message.interactive ?? {}) as Interactive} />
    default:
      return (
        <Callout intent="warning" data-testid="media-unsupported">
          {t("mediaPreview.unsupported")}
        </Callout>
      )
  }
}

export const MediaPreviewDialog = ({ message, onClose }: { message: CallMessage | null; onClose: () => void }) => {
  const { t } = useTranslation()
  return (
    <Dialog isOpen={message !== null} onClose={onClose} title={t("mediaPreview.title")} icon="comment" data-testid="media-dialog">
      <DialogBody>{message ? <MediaBody message={message} /> : null}</DialogBody>
    </Dialog>
  )
}
