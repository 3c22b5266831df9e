/** The call hub closes with the server: its media, and its lease, so another process takes its calls at once. */
import type { HttpRoutes } from "../../core/registry"
import { closeHub } from "./call-hub"

export const httpRoutes: readonly HttpRoutes[] = [(app, services) => void app.addHook("onClose", async () => closeHub(services))]
