/**
 * Routing (server/features/routing): the queue's order, each waiting customer's place and estimated wait, told to the
 * web-chat widget live and on WhatsApp/SMS by the tenant's automatic texts. Server only: the capacity per channel kind
 * is the chat feature's (server/features/chat/capacity.ts), the hand-out tenant-settings' auto-assign.
 */
import type { Feature } from "../feature"

export const routing: Feature = {
  name: "routing",
  layers: ["server", "docs"],
}
