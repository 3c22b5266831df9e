import { Menu, MenuDivider, MenuItem } from "@blueprintjs/core"
import type { IconName } from "@blueprintjs/icons"
import { useTranslation } from "react-i18next"
import { useLocation, useNavigate } from "react-router-dom"
import type { SidebarSection } from "../../machines/acl/decide"
import { iconOfRoute } from "./route-icons"

/** The vertical sidebar: groups of spec 000 in order; the general group has no heading. */
export const Sidebar = ({ sections, folded }: { sections: readonly SidebarSection[]; folded: boolean }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <nav className={`mc-sidebar${folded ? " mc-sidebar-folded" : ""}`} aria-label={t("shell.menu")} data-testid="sidebar">
      <Menu className="mc-sidebar-menu">
        {sections.map((section) => (
          <fieldset
            key={section.group}
            className="mc-nav-group"
            data-testid="nav-group"
            data-group={section.group}
            aria-label={t(`sidebar.${section.group}`)}
          >
            {section.group === "main" ? null : <MenuDivider title={folded ? undefined : t(`sidebar.${section.group}`)} />}
            {section.items.map((item) => (
              <MenuItem
                key={item.path}
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
            ))}
          </fieldset>
        ))}
      </Menu>
    </nav>
  )
}
