/** Chatbots (/adminchatbot and the company sub-page autoReply: the tenant's bots; /apps/addAutoReply: an agent's away message). */
import { type Feature, screen } from "../feature"

const view = () => import("../../views/chatbots/BotsView")

export const chatbots: Feature = {
  name: "chatbots",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["chatbots", "locations", "catalogues"],
  reports: {
    "report-chatbots": () => import("../../machines/chatbots/bots-list").then((m) => m.chatbotsListMachine),
    "report-away-messages": () => import("../../machines/chatbots/bots-list").then((m) => m.awayMessagesListMachine),
  },
  screens: {
    adminChatbot: screen(view, (m) => m.TenantBotsView),
    "companyDetails/autoReply": screen(view, (m) => m.TenantBotsView),
    addAutoReply: screen(view, (m) => m.AwayMessagesView),
  },
  pages: {
    "chatbot-editor": () => import("../../machines/chatbots/bot-editor").then((m) => m.chatbotEditorMachine),
    "away-editor": () => import("../../machines/chatbots/bot-editor").then((m) => m.awayEditorMachine),
    "chatbot-try": () => import("../../machines/chatbots/bot-try").then((m) => m.botTryMachine),
  },
  strings: {
    en: () => import("../../views/chatbots/strings").then((m) => ({ chatbots: m.chatbotsEn })),
    tr: () => import("../../views/chatbots/strings.tr").then((m) => ({ chatbots: m.chatbotsTr })),
    ar: () => import("../../views/chatbots/strings.ar").then((m) => ({ chatbots: m.chatbotsAr })),
  },
  uses: ["report-kit", "record-kit"],
}
