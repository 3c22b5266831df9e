/** The icon each channel shows in report tables and dialogs (chat, tickets, complaints and the reports alike). */
import type { IconName } from "@blueprintjs/core"

export const CHANNEL_ICONS: Record<string, IconName> = {
  whatsapp: "chat",
  facebook: "people",
  instagram: "camera",
  sms: "mobile-phone",
  webchat: "globe-network",
}

export const channelIconOf = (channel: string): IconName => CHANNEL_ICONS[channel] ?? "chat"
