/**
 * Channels: /channels (every channel's state), /channels/sms (the SMS accounts and sender names), /channels/Whatsapp (the tenant's WhatsApp Cloud API connection, its state and Meta's webhook);
 * /channels/fb-page, /channels/fb, /channels/fbchannels and /channels/Instagram (the Facebook / Instagram login and the
 * pages or accounts subscribed to the webhook).
 */
import { type Feature, screen } from "../feature"

export const channels: Feature = {
  name: "channels",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["channels", "metaLogins", "sms"],
  screens: {
    channels: screen(
      () => import("../../views/channels/ChannelsOverviewView"),
      (m) => m.ChannelsOverviewView,
    ),
    channelSms: screen(
      () => import("../../views/channels/ChannelsOverviewView"),
      (m) => m.ChannelSmsView,
    ),
    channelWhatsapp: screen(
      () => import("../../views/channels/WhatsappChannelView"),
      (m) => m.WhatsappChannelView,
    ),
    channelFbPage: screen(
      () => import("../../views/channels/MetaPagesView"),
      (m) => m.FacebookPagesView,
    ),
    channelFb: screen(
      () => import("../../views/channels/MetaPagesView"),
      (m) => m.FacebookPagesView,
    ),
    channelFbChannels: screen(
      () => import("../../views/channels/MetaPagesView"),
      (m) => m.FacebookPagesView,
    ),
    channelInstagram: screen(
      () => import("../../views/channels/MetaPagesView"),
      (m) => m.InstagramPagesView,
    ),
  },
  pages: {
    "channels-overview": () => import("../../machines/channels/channels-overview").then((m) => m.channelsOverviewMachine),
    "meta-pages": () => import("../../machines/channels/meta-pages-machine").then((m) => m.metaPagesMachine),
    "whatsapp-channel": () => import("../../machines/channels/whatsapp-channel-machine").then((m) => m.whatsappChannelMachine),
  },
  strings: {
    en: () => import("../../views/channels/strings").then((m) => ({ channels: m.channelsEn })),
    tr: () => import("../../views/channels/strings.tr").then((m) => ({ channels: m.channelsTr })),
    ar: () => import("../../views/channels/strings.ar").then((m) => ({ channels: m.channelsAr })),
  },
}
