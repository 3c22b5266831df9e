/**
 * Everything a development server adds (config.dev, NODE_ENV is not production): app.ts imports this module
 * dynamically then, and never in production, so nothing under server/dev/ is loaded there.
 *  - `devChannels`: the fallback channels are the simulators (the customers' phones for messages and calls, the
 *    template review) where production refuses (channels/fallback-channels.ts);
 *  - `httpRoutes`: the /dev/* hooks (dev/access.ts says who may call them) that the console's simulator page, the CLI
 *    scripts (simulate-*, bench-*) and the tests drive.
 *
 * Layout: simulator/ (the built-in customers' phones and /dev/simulator/*), meta/ (the fake Meta: Graph API under
 * /dev/graph, its console and callers under /dev/meta), sms/ (the simulator SMSC, /dev/sms/smsc), templates/ (template
 * review, /dev/templates), campaigns/ (/dev/campaigns), mail/ (/dev/outbox).
 */
import type { FallbackChannels } from "../channels/fallback-channels"
import type { HttpRoutes } from "../core/registry"
import { campaignRoutes } from "./campaigns/campaign-routes"
import { outboxRoutes } from "./mail/outbox-routes"
import { metaCallRoutes } from "./meta/call-routes"
import { metaConsoleRoutes } from "./meta/console-routes"
import { graphRoutes } from "./meta/graph-routes"
import { smscRoutes } from "./sms/smsc-routes"
import { callSimulatorRoutes } from "./simulator/call-routes"
import { createMessageSimulator } from "./simulator/message-simulator"
import { messageSimulatorRoutes } from "./simulator/message-routes"
import { createVoiceSimulator } from "./simulator/voice-simulator"
import { TemplateSimulator } from "./templates/template-simulator"
import { templateRoutes } from "./templates/template-routes"

export const devChannels: FallbackChannels = {
  messages: (events) => createMessageSimulator(events),
  voice: (events) => createVoiceSimulator(events),
  templates: () => new TemplateSimulator(),
}

export const httpRoutes: readonly HttpRoutes[] = [
  outboxRoutes,
  messageSimulatorRoutes,
  callSimulatorRoutes,
  graphRoutes,
  metaConsoleRoutes,
  metaCallRoutes,
  smscRoutes,
  templateRoutes,
  campaignRoutes,
]
