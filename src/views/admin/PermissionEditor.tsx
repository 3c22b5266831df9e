/**
 * The permission editor: every key of the catalogue in its section (sidebar groups, voice calls, other pages, then
 * the server's call groups), each with what it opens (the screen's title, or the calls it lets through), ticked when
 * the draft grants it. A section's All / None tick or untick it whole.
 */
import { useTranslation } from "react-i18next"
import { Button, Checkbox } from "@blueprintjs/core"
import { sidebarOrder } from "../../contract/routes"
import type { PermissionEntry, PermissionSection } from "../../machines/admin/access-catalogue"

/** How many of a key's calls are listed under it. */
const CALLS_SHOWN = 3

const sidebarGroups = new Set<string>(sidebarOrder)

export const useSectionTitle = () => {
  const { t } = useTranslation()
  return (section: PermissionSection) => {
    if (section.id.startsWith("back:")) return t("admin.editor.sections.back", { group: section.id.slice("back:".length) })
    if (sidebarGroups.has(section.id)) return t("admin.editor.sections.sidebar", { group: t(`sidebar.${section.id}`) })
    return t(`admin.editor.sections.${section.id}`)
  }
}

/** What a key opens, in words: the screen's title, the voice calls, or its calls. */
export const useOpensText = () => {
  const { t } = useTranslation()
  return (entry: PermissionEntry) => {
    if (entry.permission.kind === "back") return entry.permission.key
    if (entry.route) return t(`routes.${entry.route.key}`)
    if (entry.permission.key === "FRONT:/channels/whatsapp-call") return t("admin.editor.voice")
    return t("admin.editor.unknownRoute")
  }
}

export const CallsLine = ({ entry }: { entry: PermissionEntry }) => {
  const { t } = useTranslation()
  if (entry.permission.kind === "front") return <code className="mc-perm-key">{entry.permission.key}</code>
  if (entry.calls.length === 0) return <span className="mc-perm-calls">{t("admin.editor.noCalls")}</span>
  const more = entry.calls.length - CALLS_SHOWN
  return (
    <span className="mc-perm-calls" title={entry.calls.join("\n")}>
      {entry.calls.slice(0, CALLS_SHOWN).join(" · ")}
      {more > 0 ? ` · +${more}` : ""}
    </span>
  )
}

export const PermissionEditor = ({
  sections,
  selected,
  onToggle,
}: {
  sections: readonly PermissionSection[]
  selected: ReadonlySet<number>
  onToggle: (ids: readonly number[], on: boolean) => void
}) => {
  const { t } = useTranslation()
  const titleOf = useSectionTitle()
  const opens = useOpensText()
  return (
    <div className="mc-permission-editor" data-testid="permission-editor">
      {sections.map((section) => {
        const ids = section.entries.map((entry) => entry.permission.id)
        const count = ids.filter((id) => selected.has(id)).length
        return (
          <details key={section.id} className="mc-perm-section" open={section.kind === "front"} data-testid={`perm-section-${section.id}`}>
            <summary>
              <strong>{titleOf(section)}</strong>{" "}
              <span className="mc-perm-count">{t("admin.editor.selected", { count, total: ids.length })}</span>
              <span className="mc-perm-bulk">
                <Button size="small" variant="minimal" text={t("admin.editor.all")} onClick={() => onToggle(ids, true)} />
                <Button size="small" variant="minimal" text={t("admin.editor.none")} onClick={() => onToggle(ids, false)} />
              </span>
            </summary>
            <div className="mc-perm-entries">
              {section.entries.map((entry) => (
                <Checkbox
                  key={entry.permission.id}
                  checked={selected.has(entry.permission.id)}
                  onChange={(event) => onToggle([entry.permission.id], event.currentTarget.checked)}
                  data-testid="perm-entry"
                  data-key={entry.permission.key}
                  labelElement={
                    <span className="mc-perm-label">
                      <span>{opens(entry)}</span>
                      <CallsLine entry={entry} />
                    </span>
                  }
                />
              ))}
            </div>
          </details>
        )
      })}
    </div>
  )
}
