/** The effective access of a draft, before it is saved: sidebar items that appear and disappear, and the sidebar after. */
import { useTranslation } from "react-i18next"
import { Callout, Tag } from "@blueprintjs/core"
import type { AccessPreview } from "../../machines/admin/access-catalogue"

export const AccessPreviewPanel = ({ preview }: { preview: AccessPreview }) => {
  const { t } = useTranslation()
  const changed = preview.appear.length > 0 || preview.disappear.length > 0
  return (
    <section className="mc-access-preview" data-testid="access-preview" aria-live="polite">
      <h3>{t("admin.preview.title")}</h3>
      {preview.appear.length ? (
        <div className="mc-preview-line" data-testid="preview-appear">
          <span>{t("admin.preview.appear")}</span>
          {preview.appear.map((route) => (
            <Tag key={route.path} intent="success" minimal icon="plus" data-path={route.path}>
              {t(`routes.${route.key}`)}
            </Tag>
          ))}
        </div>
      ) : null}
      {preview.disappear.length ? (
        <div className="mc-preview-line" data-testid="preview-disappear">
          <span>{t("admin.preview.disappear")}</span>
          {preview.disappear.map((route) => (
            <Tag key={route.path} intent="danger" minimal icon="minus" data-path={route.path}>
              {t(`routes.${route.key}`)}
            </Tag>
          ))}
        </div>
      ) : null}
      {!changed ? <p className="mc-muted">{t("admin.preview.unchanged")}</p> : null}
      {preview.sidebar.length === 0 ? (
        <Callout intent="warning" icon="warning-sign">
          {t("admin.preview.nothing")}
        </Callout>
      ) : (
        <details className="mc-preview-sidebar">
          <summary>{t("admin.preview.sidebar")}</summary>
          <ul>
            {preview.sidebar.map((section) => (
              <li key={section.group}>
                {section.items.map((route) => (
                  <Tag key={route.path} minimal className="mc-preview-item">
                    {t(`routes.${route.key}`)}
                  </Tag>
                ))}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  )
}
