import { Alignment, Button, Icon, Menu, MenuDivider, MenuItem, Navbar, PopoverNext, Switch } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import { selectUserAcl } from "../../machines/acl/acl-selectors"
import { isGranted } from "../../machines/acl/decide"
import { selectDisplayName, selectPresence } from "../../machines/session/session-selectors"
import { useAclActor, useLayoutActor, useSessionActor } from "../common/actor-context"
import { LanguageMenu } from "../common/LanguageMenu"
import { QuickJumpButton } from "./QuickJump"

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("") || "?"

const PROFILE = "/apps/profile"

/** The top bar: menu toggle, brand, availability, language, theme, layout settings and the user menu. */
export const Toolbar = ({
  onToggleMenu,
  showMenuToggle,
  extra,
}: {
  onToggleMenu: () => void
  showMenuToggle: boolean
  /** The features' top-bar controls (src/app/feature.ts `toolbar`), before the language menu. */
  extra?: ReactNode
}) => {
  const { t } = useTranslation()
  const session = useSessionActor()
  const mayOpenProfile = useSelector(useAclActor(), (snapshot) => {
    const acl = selectUserAcl(snapshot)
    return acl !== null && isGranted(acl, PROFILE)
  })
  const layout = useLayoutActor()
  const name = useSelector(session, selectDisplayName)
  const { online, switching } = useSelector(session, selectPresence)
  const theme = useSelector(layout, (s) => s.context.theme)
  const navigate = useNavigate()

  return (
    <Navbar className="mc-toolbar" data-testid="toolbar">
      <Navbar.Group align={Alignment.START}>
        {showMenuToggle ? (
          <Button variant="minimal" icon="menu" aria-label={t("shell.menu")} onClick={onToggleMenu} data-testid="menu-toggle" />
        ) : null}
        <Navbar.Heading className="mc-brand">
          <span className="mc-brand-dot">
            <Icon icon="chat" size={12} />
          </span>
          {t("app.name")}
        </Navbar.Heading>
      </Navbar.Group>
      <Navbar.Group align={Alignment.END} className="mc-toolbar-end">
        <QuickJumpButton />
        <Switch
          className="mc-presence"
          checked={online}
          // Not `disabled` while the change goes through: a disabled control drops the keyboard focus.
          aria-disabled={switching}
          innerLabelChecked={t("shell.online")}
          innerLabel={t("shell.offline")}
          aria-label={t("shell.availability")}
          title={t("shell.availability")}
          data-testid="presence"
          onChange={(event) => {
            if (!switching) session.send({ type: "SET_ONLINE", online: event.currentTarget.checked })
          }}
        />
        {extra}
        <LanguageMenu />
        <Button
          variant="minimal"
          icon={theme === "dark" ? "flash" : "moon"}
          aria-label={t("shell.theme")}
          title={t(theme === "dark" ? "shell.light" : "shell.dark")}
          data-testid="theme-toggle"
          onClick={() => layout.send({ type: "THEME.SET", theme: theme === "dark" ? "light" : "dark" })}
        />
        <Button
          variant="minimal"
          icon="settings"
          aria-label={t("shell.settings")}
          title={t("shell.settings")}
          data-testid="layout-settings"
          onClick={() => layout.send({ type: "PANEL.TOGGLE" })}
        />
        <Navbar.Divider />
        <PopoverNext
          placement="bottom-end"
          content={
            <Menu>
              <MenuDivider title={name} />
              {mayOpenProfile && (
                <MenuItem icon="person" text={t("shell.profile")} data-testid="open-profile" onClick={() => navigate(PROFILE)} />
              )}
              <MenuItem
                icon="lock"
                text={t("shell.lock")}
                data-testid="lock"
                onClick={() => {
                  session.send({ type: "LOCK" })
                  navigate("/pages/auth/lock")
                }}
              />
              <MenuItem
                icon="log-out"
                text={t("shell.logout")}
                intent="danger"
                data-testid="logout"
                onClick={() => session.send({ type: "LOGOUT" })}
              />
            </Menu>
          }
        >
          <Button
            variant="minimal"
            icon={
              <span className={`mc-avatar${online ? " mc-avatar-online" : ""}`} aria-hidden="true">
                {initials(name)}
              </span>
            }
            endIcon="caret-down"
            data-testid="user-menu"
          >
            <span className="mc-user-name">{name}</span>
          </Button>
        </PopoverNext>
      </Navbar.Group>
    </Navbar>
  )
}
