/**
 * `/messages/send/text` is both chat.messagesSendText and chat.messagesSendByType with `{type}` = text. The router
 * sends that path to the static route, and a client that follows the wire convention (path parameters are removed
 * from the payload) sends messagesSendByType's text payload without `type`: put the path's `type` back, so both calls
 * validate against SendText and reach the same handler logic.
 */
import type { HttpRoutes } from "../../core/registry"

export const httpRoutes: readonly HttpRoutes[] = [
  (app, services) => {
    const url = `${services.config.rtBase}/messages/send/text`
    app.addHook("preHandler", async (req) => {
      if (req.method !== "POST" || req.routeOptions.url !== url) return
      const body = req.body
      if (body && typeof body === "object" && !Array.isArray(body) && (body as Record<string, unknown>).type === undefined) {
        ;(body as Record<string, unknown>).type = "text"
      }
    })
  },
]
