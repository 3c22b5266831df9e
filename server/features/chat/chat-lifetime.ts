/** The chat hub closes with the server: its channel's timers and the pending delivery reports. */
import type { HttpRoutes } from "../../core/registry"
import { chatHubOf } from "./chat-hub"

export const httpRoutes: readonly HttpRoutes[] = [(app, services) => void app.addHook("onClose", async () => chatHubOf(services).close())]
