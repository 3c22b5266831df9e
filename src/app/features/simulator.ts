/** The channel simulator page: play a customer writing or calling in, against the server's simulator. */
import { type Feature, screen } from "../feature"

export const simulator: Feature = {
  name: "simulator",
  layers: ["machines", "views", "services", "browser", "docs"],
  screens: {
    simulator: screen(
      () => import("../../views/simulator/SimulatorView"),
      (m) => m.SimulatorView,
    ),
  },
  pages: {
    simulator: () => import("../../machines/simulator/simulator-machine").then((m) => m.simulatorMachine),
    "sim-outbox": () => import("../../machines/simulator/outbox-machine").then((m) => m.outboxMachine),
  },
  // The workspace's shared parts (fields; the transcript drawer, built on the chat's transcript and media preview).
  uses: ["workspace", "chat", "report-kit", "media-preview"],
  strings: {
    en: () => import("../../views/simulator/strings").then((m) => ({ simulator: m.simulatorEn })),
    tr: () => import("../../views/simulator/strings.tr").then((m) => ({ simulator: m.simulatorTr })),
    ar: () => import("../../views/simulator/strings.ar").then((m) => ({ simulator: m.simulatorAr })),
  },
}
