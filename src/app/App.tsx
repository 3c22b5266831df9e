import { useSelector } from "@xstate/react"
import type { i18n as I18n } from "i18next"
import { useEffect, useMemo } from "react"
import { I18nextProvider } from "react-i18next"
import { RouterProvider } from "react-router-dom"
import type { AnyActorRef } from "xstate"
import { RootActorProvider, useLayoutActor } from "../views/common/actor-context"
import { createRouter } from "./router"

/** Blueprint's dark class (Classes.DARK), spelled out so this module does not load Blueprint. */
const DARK = "bp6-dark"

/** Dark theme is Blueprint's class on <body>, so portals (menus, drawers) follow it too. */
const ThemeSync = () => {
  const theme = useSelector(useLayoutActor(), (s) => s.context.theme)
  useEffect(() => {
    document.body.classList.toggle(DARK, theme === "dark")
    document.documentElement.dataset.theme = theme
  }, [theme])
  return null
}

export const App = ({ root, i18n }: { root: AnyActorRef; i18n: I18n }) => {
  const router = useMemo(() => createRouter(), [])
  return (
    <I18nextProvider i18n={i18n}>
      <RootActorProvider value={root}>
        <ThemeSync />
        <RouterProvider router={router} />
      </RootActorProvider>
    </I18nextProvider>
  )
}
