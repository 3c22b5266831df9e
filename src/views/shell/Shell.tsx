import { Classes } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect, useMemo, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { sidebarOf, selectUserAcl } from "../../machines/acl/acl-selectors"
import { useAclActor, useLayoutActor } from "../common/actor-context"
import { HorizontalNav } from "./HorizontalNav"
import { LayoutPanel } from "./LayoutPanel"
import { QuickJump } from "./QuickJump"
import { CallCards } from "../calls/CallCards"
import { Sidebar } from "./Sidebar"
import { Toolbar } from "./Toolbar"

/**
 * The logged-in frame. The layout machine's settings become classes on one element; the CSS in shell.css does the
 * rest (vertical sidebar or horizontal menus, boxed/container widths, fixed or scrolling bars, RTL mirroring).
 */
export const Shell = ({ children, toolbar }: { children: ReactNode; toolbar?: ReactNode }) => {
  const { t } = useTranslation()
  const acl = useAclActor()
  const layoutActor = useLayoutActor()
  const userAcl = useSelector(acl, selectUserAcl)
  const layout = useSelector(layoutActor, (s) => s.context.layout)
  const sections = useMemo(() => sidebarOf(userAcl), [userAcl])
  const [folded, setFolded] = useState(false)
  const vertical = layout.style === "vertical"

  useEffect(() => {
    document.body.classList.toggle("mc-scroll-content", layout.scroll === "content")
  }, [layout.scroll])

  const classes = [
    "mc-shell",
    `mc-style-${layout.style}`,
    `mc-mode-${layout.mode}`,
    `mc-scroll-${layout.scroll}`,
    `mc-toolbar-${layout.toolbar.position}`,
    `mc-footer-${layout.footer.position}`,
  ].join(" ")

  return (
    <div className={classes} data-testid="shell" data-layout={layout.style} data-mode={layout.mode}>
      <a className="mc-skip" href="#mc-content">
        {t("app.skipToContent")}
      </a>
      {layout.toolbar.display ? (
        <Toolbar showMenuToggle={vertical && layout.navbar.display} onToggleMenu={() => setFolded(!folded)} extra={toolbar} />
      ) : null}
      {!vertical && layout.navbar.display ? <HorizontalNav sections={sections} /> : null}
      <div className="mc-body">
        {vertical && layout.navbar.display ? <Sidebar sections={sections} folded={folded} /> : null}
        <div className="mc-main">
          <main id="mc-content" className="mc-content">
            {children}
          </main>
          {layout.footer.display ? (
            <footer className={`mc-footer ${Classes.TEXT_MUTED}`} data-testid="footer">
              {t("app.copyright", { year: new Date().getFullYear() })}
            </footer>
          ) : null}
        </div>
      </div>
      <LayoutPanel />
      <QuickJump />
      <CallCards />
    </div>
  )
}
