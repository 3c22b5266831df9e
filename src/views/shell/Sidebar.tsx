import { Icon, Menu, MenuItem } from "@blueprintjs/core"
import type { IconName } from "@blueprintjs/icons"
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import { useLocation, useNavigate } from "react-router-dom"
import type { RouteDef } from "../../contract/routes"
import type { SidebarSection } from "../../machines/acl/decide"
import { selectUserKey } from "../../machines/session/session-selectors"
import { useNavGroupsActor, useSessionActor } from "../common/actor-context"
import { iconOfRoute } from "./route-icons"

const NavItem = ({ item, folded }: { item: RouteDef; folded: boolean }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <MenuItem
      icon={iconOfRoute(item.path) as IconName}
      text={folded ? undefined : t(`routes.${item.key}`)}
      title={t(`routes.${item.key}`)}
      href={item.path}
      active={pathname.toLowerCase() === item.path.toLowerCase()}
      data-testid="nav-item"
      data-path={item.path}
      onClick={(event) => {
        event.preventDefault()
        navigate(item.path)
      }}
    />
  )
}

/**
 * The vertical sidebar: the groups in the console's order, each folding under its heading (remembered per person in
 * this browser); a group of one item is that item alone. Folded to icons, every item shows without headings.
 */
export const Sidebar = ({ sections, folded }: { sections: readonly SidebarSection[]; folded: boolean }) => {
  const { t } = useTranslation()
  const groups = useNavGroupsActor()
  const user = useSelector(useSessionActor(), selectUserKey)
  const collapsed = useSelector(groups, (s) => s.context.collapsed)
  const { pathname } = useLocation()

  useEffect(() => {
    if (user) groups.send({ type: "NAV.USER", user })
  }, [groups, user])

  return (
    <nav className={`mc-sidebar${folded ? " mc-sidebar-folded" : ""}`} aria-label={t("shell.menu")} data-testid="sidebar">
      <Menu className="mc-sidebar-menu">
        {sections.map((section) => {
          const single = section.items.length === 1
          const open = folded || single || !collapsed.includes(section.group)
          const title = t(`sidebar.${section.group}`)
          const holdsCurrent = section.items.some((item) => item.path.toLowerCase() === pathname.toLowerCase())
          return (
            <fieldset
              key={section.group}
              className={`mc-nav-group${single && !folded ? " mc-nav-group-single" : ""}`}
              data-testid="nav-group"
              data-group={section.group}
              aria-label={title}
            >
              {folded || single ? null : (
                // Inside the menu, a group's heading is one of its items (one that folds the group): a plain button
                // is not allowed there.
                <button
                  type="button"
                  role="menuitem"
                  className={`mc-nav-heading${holdsCurrent ? " mc-nav-heading-current" : ""}`}
                  aria-expanded={open}
                  data-testid="nav-group-toggle"
                  onClick={() => groups.send({ type: "NAV.TOGGLE", group: section.group })}
                >
                  <span>{title}</span>
                  <Icon icon={open ? "chevron-down" : "chevron-right"} size={12} className="mc-nav-chevron" />
                </button>
              )}
              {open ? section.items.map((item) => <NavItem key={item.path} item={item} folded={folded} />) : null}
            </fieldset>
          )
        })}
      </Menu>
    </nav>
  )
}
