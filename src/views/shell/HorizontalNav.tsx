import { Button, Menu, MenuItem, Navbar, PopoverNext } from "@blueprintjs/core"
import type { IconName } from "@blueprintjs/icons"
import { useTranslation } from "react-i18next"
import { useLocation, useNavigate } from "react-router-dom"
import type { SidebarSection } from "../../machines/acl/decide"
import { iconOfRoute } from "./route-icons"

/** The horizontal layouts: each sidebar group becomes a drop-down menu in a bar under the toolbar. */
export const HorizontalNav = ({ sections }: { sections: readonly SidebarSection[] }) => {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  return (
    <Navbar className="mc-hnav" data-testid="sidebar" aria-label={t("shell.menu")}>
      <Navbar.Group className="mc-hnav-group">
        {sections.map((section) => {
          const active = section.items.some((item) => item.path.toLowerCase() === pathname.toLowerCase())
          return (
            <div key={section.group} data-testid="nav-group" data-group={section.group}>
              <PopoverNext
                placement="bottom-start"
                content={
                  <Menu>
                    {section.items.map((item) => (
                      <MenuItem
                        key={item.path}
                        icon={iconOfRoute(item.path) as IconName}
                        text={t(`routes.${item.key}`)}
                        href={item.path}
                        active={item.path.toLowerCase() === pathname.toLowerCase()}
                        data-testid="nav-item"
                        data-path={item.path}
                        onClick={(event) => {
                          event.preventDefault()
                          navigate(item.path)
                        }}
                      />
                    ))}
                  </Menu>
                }
              >
                <Button variant="minimal" active={active} endIcon="caret-down" text={t(`sidebar.${section.group}`)} />
              </PopoverNext>
            </div>
          )
        })}
      </Navbar.Group>
    </Navbar>
  )
}
