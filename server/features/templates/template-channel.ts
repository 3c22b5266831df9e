/**
 * WhatsApp's side of templates: the review of a submitted template and whether a number has a WhatsApp account. No
 * Cloud API adapter for them exists yet, so every server uses its fallback template channel (Services.fallbackChannels,
 * channels/fallback-channels.ts): the simulator on development servers (server/dev/templates, steered through
 * /dev/templates hooks), a refusal (409 CHANNEL_NOT_CONNECTED) in production.
 */
import type { TemplateChannel } from "../../channels/fallback-channels"
import type { Services } from "../../http/context"

const channels = new WeakMap<Services, TemplateChannel>()

/** The server's template channel (one per server instance). */
export const templateChannelOf = (services: Services): TemplateChannel => {
  let channel = channels.get(services)
  if (!channel) {
    channel = services.fallbackChannels.templates()
    channels.set(services, channel)
  }
  return channel
}
