/** Channels (/channels, /channels/Whatsapp): the tenant's WhatsApp Cloud API connection, its state and Meta's webhook. */
import { type Feature, screen } from "../feature"

export const channels: Feature = {
  name: "channels",
  calls: ["channels"],
  screens: {
    channels: screen(
      () => import("../../views/channels/WhatsappChannelView"),
      (m) => m.WhatsappChannelView,
    ),
    channelWhatsapp: screen(
      () => import("../../views/channels/WhatsappChannelView"),
      (m) => m.WhatsappChannelView,
    ),
  },
  pages: {
    "whatsapp-channel": () => import("../../machines/channels/whatsapp-channel-machine").then((m) => m.whatsappChannelMachine),
  },
  strings: {
    en: () => import("../../views/channels/strings").then((m) => ({ channels: m.channelsEn })),
    tr: () => import("../../views/channels/strings.tr").then((m) => ({ channels: m.channelsTr })),
    ar: () => import("../../views/channels/strings.ar").then((m) => ({ channels: m.channelsAr })),
  },
}
