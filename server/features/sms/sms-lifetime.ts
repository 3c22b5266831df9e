/** The SMS gateway closes with the server: its SMPP links unbind. */
import type { HttpRoutes } from "../../core/registry"
import { closeGateway } from "./gateway"

export const httpRoutes: readonly HttpRoutes[] = [(app, services) => void app.addHook("onClose", async () => closeGateway(services))]
