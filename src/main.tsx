import "normalize.css"
import "./app/base.css"
import { StrictMode } from "react"
import { createRoot } from "react-dom/client"
import { App } from "./app/App"
import { initI18n } from "./app/i18n"
import { inspectorFromUrl } from "./app/inspector"
import { startSystem } from "./app/system"

const main = async () => {
  const i18n = await initI18n()
  // The inspector must exist before the root starts, or the start-up events are lost.
  const inspect = await inspectorFromUrl(window.location.search)
  const root = await startSystem({ i18n, inspect })
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <App root={root} i18n={i18n} />
    </StrictMode>,
  )
}

void main()
