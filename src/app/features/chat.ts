/** Live chat (/apps/chat): the inbox runs while a user holding BACK:chat is logged in. */
import { chatLifetime } from "../../machines/chat/chat-lifetime"
import { chatInboxMachine } from "../../machines/chat/inbox-machine"
import { type Feature, screen } from "../feature"

export const chat: Feature = {
  name: "chat",
  layers: ["machines", "views", "services", "server", "browser", "docs"],
  calls: ["cannedMessages", "chat", "chatProducts", "complaints", "contacts", "tagging", "templates", "uploads"],
  // The inbox idles until its lifetime watcher sees a login holding BACK:chat.
  actors: [
    { id: "chatInbox", systemId: "chat-inbox", logic: chatInboxMachine },
    { id: "chatLifetime", logic: chatLifetime },
  ],
  // The composer's product picker, opened with its dialog.
  pages: {
    "product-picker": () => import("../../machines/chat/product-picker").then((m) => m.productPickerMachine),
  },
  screens: {
    chat: screen(
      () => import("../../views/chat/ChatView"),
      (m) => m.ChatView,
    ),
  },
  strings: {
    en: () => import("../../views/chat/strings").then((m) => ({ chat: m.chatEn })),
    tr: () => import("../../views/chat/strings.tr").then((m) => ({ chat: m.chatTr })),
    ar: () => import("../../views/chat/strings.ar").then((m) => ({ chat: m.chatAr })),
  },
  // The media preview dialog of a message bubble; the thread's transcript download; its scheduled sends.
  uses: ["report-kit", "transcripts", "scheduled-sends", "sla", "media-preview"],
}
