/**
 * WhatsApp voice calls: the call centre (one actor per call) runs while a user holding FRONT:/channels/whatsapp-call
 * is logged in; its cards show in the logged-in frame on every screen.
 */
import { callCenterLifetime } from "../../machines/calls/call-center-lifetime"
import { callCenterMachine } from "../../machines/calls/call-center-machine"
import type { Feature } from "../feature"

export const calls: Feature = {
  name: "calls",
  layers: ["machines", "views", "services", "server", "browser", "docs"],
  calls: ["chat", "onboarding"],
  // The centre idles until its lifetime watcher sees a login that may take calls.
  actors: [
    { id: "callCenter", systemId: "callCenter", logic: callCenterMachine },
    { id: "callCenterLifetime", logic: callCenterLifetime },
  ],
  strings: {
    en: () => import("../../views/calls/strings").then((m) => ({ calls: m.callsEn })),
    tr: () => import("../../views/calls/strings.tr").then((m) => ({ calls: m.callsTr })),
    ar: () => import("../../views/calls/strings.ar").then((m) => ({ calls: m.callsAr })),
  },
  loadStrings: "with-frame",
}
