/** The widget as visitors will see it with the draft's settings (drawn here, not the widget's script itself). */
import { useTranslation } from "react-i18next"
import type { WebchatSettings } from "../../contract/schemas/webchat"
import { WEBCHAT_PRECHAT_FIELDS } from "../../contract/webchat-rules"

const box = { background: "#fff", borderRadius: 12, boxShadow: "0 8px 30px rgba(0,0,0,.2)", overflow: "hidden", width: 280 } as const

export const WebchatPreview = ({ draft }: { draft: WebchatSettings }) => {
  const { t } = useTranslation()
  const colors = { background: draft.color, color: draft.text_color }
  const asked = WEBCHAT_PRECHAT_FIELDS.filter((field) => draft.prechat[field] !== "off")
  // The widget sits at the page's bottom right or left whatever the console's direction.
  const side = draft.position === "right" ? "flex-end" : "flex-start"
  return (
    <div
      dir="ltr"
      style={{
        background: "#eef1f4",
        borderRadius: 8,
        padding: 16,
        minHeight: 460,
        display: "flex",
        flexDirection: "column",
        justifyContent: "flex-end",
      }}
      data-testid="webchat-preview-page"
      data-position={draft.position}
    >
      <div style={{ display: "flex", flexDirection: "column", alignItems: side, gap: 12 }}>
        <div style={box} dir="auto" data-testid="webchat-preview-window">
          <div style={{ ...colors, padding: "12px 14px", fontWeight: 600 }}>{t("webchat.previewTitle")}</div>
          <div style={{ background: "#f6f7f9", padding: 12, display: "grid", gap: 8 }}>
            <div style={{ background: "#fff", borderRadius: 10, padding: "8px 10px" }} data-testid="webchat-preview-greeting">
              {draft.greeting.trim() || t("webchat.previewGreeting")}
            </div>
            {asked.map((field) => (
              <div
                key={field}
                style={{ border: "1px solid #c5cbd3", borderRadius: 8, padding: "6px 8px", background: "#fff", color: "#5f6b7c" }}
              >
                {t(`webchat.fields.${field}`)}
                {draft.prechat[field] === "required" ? " *" : ""}
              </div>
            ))}
            <div style={{ ...colors, borderRadius: 8, padding: "8px 10px", textAlign: "center", fontWeight: 600 }}>
              {asked.length > 0 ? t("webchat.previewStart") : t("webchat.previewPlaceholder")}
            </div>
          </div>
        </div>
        <div
          style={{ ...colors, width: 52, height: 52, borderRadius: "50%", display: "flex", alignItems: "center", justifyContent: "center" }}
          data-testid="webchat-preview-launcher"
        >
          <svg viewBox="0 0 24 24" width="26" height="26" fill="currentColor" aria-hidden="true">
            <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z" />
          </svg>
        </div>
      </div>
    </div>
  )
}
