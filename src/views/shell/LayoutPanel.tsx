import { Callout, Drawer, DrawerSize, FormGroup, HTMLSelect, SegmentedControl, Switch } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import {
  BAR_POSITIONS,
  LAYOUT_MODES,
  LAYOUT_STYLES,
  SCROLL_AREAS,
  THEMES,
  type LayoutPatch,
  type Section,
} from "../../machines/shell/layout-settings"
import { selectSaveStatus } from "../../machines/shell/layout-selectors"
import { useLayoutActor } from "../common/actor-context"

const SECTIONS = ["navbar", "toolbar", "footer"] as const

/** The layout settings drawer (spec 000 "Layout settings"); every change goes to the layout machine. */
export const LayoutPanel = () => {
  const { t, i18n } = useTranslation()
  const actor = useLayoutActor()
  const open = useSelector(actor, (s) => s.context.panelOpen)
  const layout = useSelector(actor, (s) => s.context.layout)
  const theme = useSelector(actor, (s) => s.context.theme)
  const status = useSelector(actor, selectSaveStatus)
  const change = (patch: LayoutPatch) => actor.send({ type: "LAYOUT.CHANGE", patch })
  const rtl = i18n.dir() === "rtl"

  return (
    <Drawer
      isOpen={open}
      onClose={() => actor.send({ type: "PANEL.TOGGLE" })}
      title={t("layout.title")}
      icon="settings"
      size={DrawerSize.SMALL}
      position={rtl ? "left" : "right"}
      className="mc-layout-panel"
    >
      <div className="mc-layout-body" data-testid="layout-panel">
        <Callout compact intent={status === "saveFailed" ? "warning" : "none"} className="mc-callout" data-testid="layout-status">
          {t(`layout.${status}`)}
        </Callout>
        <FormGroup label={t("layout.style")}>
          <SegmentedControl
            fill
            size="small"
            value={layout.style}
            data-testid="layout-style"
            options={LAYOUT_STYLES.map((value) => ({ value, label: t(`layout.${value}`) }))}
            onValueChange={(value) => change({ style: value as LayoutPatch["style"] })}
          />
        </FormGroup>
        <FormGroup label={t("layout.mode")}>
          <SegmentedControl
            fill
            size="small"
            value={layout.mode}
            options={LAYOUT_MODES.map((value) => ({ value, label: t(`layout.${value}`) }))}
            onValueChange={(value) => change({ mode: value as LayoutPatch["mode"] })}
          />
        </FormGroup>
        <FormGroup label={t("layout.scroll")}>
          <SegmentedControl
            fill
            size="small"
            value={layout.scroll}
            options={SCROLL_AREAS.map((value) => ({
              value,
              label: t(value === "content" ? "layout.scrollContent" : "layout.scrollDefault"),
            }))}
            onValueChange={(value) => change({ scroll: value as LayoutPatch["scroll"] })}
          />
        </FormGroup>
        <FormGroup label={t("shell.theme")}>
          <SegmentedControl
            fill
            size="small"
            value={theme}
            options={THEMES.map((value) => ({ value, label: t(`shell.${value}`) }))}
            onValueChange={(value) => actor.send({ type: "THEME.SET", theme: value as (typeof THEMES)[number] })}
          />
        </FormGroup>
        {SECTIONS.map((name) => {
          const section: Section = layout[name]
          return (
            <FormGroup key={name} label={t(`layout.${name}`)} className="mc-layout-section">
              <Switch
                checked={section.display}
                label={t("layout.display")}
                data-testid={`layout-${name}-display`}
                onChange={(event) => change({ [name]: { display: event.currentTarget.checked } })}
              />
              <HTMLSelect
                value={section.position}
                aria-label={t("layout.position")}
                options={BAR_POSITIONS.map((value) => ({ value, label: t(`layout.${value}`) }))}
                onChange={(event) => change({ [name]: { position: event.currentTarget.value as Section["position"] } })}
              />
            </FormGroup>
          )
        })}
      </div>
    </Drawer>
  )
}
