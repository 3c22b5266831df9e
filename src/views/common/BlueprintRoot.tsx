import "@blueprintjs/core/lib/css/blueprint.css"
import "../shell/shell.css"
import { BlueprintProvider } from "@blueprintjs/core"
import type { ReactNode } from "react"
import { installIconLoader } from "./icon-loader"

installIconLoader()

/**
 * Blueprint's CSS, provider and icon loader, loaded with the first page that uses Blueprint. The login page does
 * without, so it stays within its download budget (scripts/bundle-size.ts).
 */
export const BlueprintRoot = ({ children }: { children: ReactNode }) => <BlueprintProvider>{children}</BlueprintProvider>

export default BlueprintRoot
