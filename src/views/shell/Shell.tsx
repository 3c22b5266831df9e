import { Classes } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useLocation } from "react-router-dom"
import { sidebarOf, selectUserAcl } from "../../machines/acl/acl-selectors"
import { selectUserKey } from "../../machines/session/session-selectors"
import { useAclActor, useLayoutActor, useSessionActor, useShortcutsActor } from "../common/actor-context"
import { HorizontalNav } from "./HorizontalNav"
import { LayoutPanel } from "./LayoutPanel"
import { LiveRegions } from "./LiveRegions"
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
  const shortcuts = useShortcutsActor()
  const user = useSelector(useSessionActor(), selectUserKey)

  useEffect(() => {
    if (user) shortcuts.send({ type: "KEYS.USER", user })
  }, [shortcuts, user])

  // A new screen whose old one took the focus with it: the focus starts again at the main content, so the next Tab
  // goes on from there and not from where the removed control was (WCAG 2.4.3).
  // A page just loaded keeps the browser's own start, so its first Tab reaches the skip link.
  const { pathname } = useLocation()
  const shown = useRef(pathname)
  useEffect(() => {
    if (shown.current === pathname) return
    shown.current = pathname
    if (document.activeElement === null || document.activeElement === document.body)
      document.getElementById("mc-content")?.focus({ preventScroll: true })
  }, [pathname])

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
          {/* Focusable by the skip link only, so the next Tab goes on from the page's start. */}
          <main id="mc-content" className="mc-content" tabIndex={-1}>
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
      <LiveRegions />
    </div>
  )
}
