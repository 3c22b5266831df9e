/** Web chat: /channels/webchat-btn, the embeddable widget's configuration, its snippet and a live preview. */
import { type Feature, screen } from "../feature"

export const webchat: Feature = {
  name: "webchat",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["webchat"],
  screens: {
    channelWebchat: screen(
      () => import("../../views/webchat/WebchatConfigView"),
      (m) => m.WebchatConfigView,
    ),
  },
  pages: {
    "webchat-config": () => import("../../machines/webchat/webchat-config-machine").then((m) => m.webchatConfigMachine),
  },
  strings: {
    en: () => import("../../views/webchat/strings").then((m) => ({ webchat: m.webchatEn })),
    tr: () => import("../../views/webchat/strings.tr").then((m) => ({ webchat: m.webchatTr })),
    ar: () => import("../../views/webchat/strings.ar").then((m) => ({ webchat: m.webchatAr })),
  },
}
