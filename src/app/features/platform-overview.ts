/** The platform overview's server call (server/features/platform-overview): the figures the platform dashboard shows. */
import type { Feature } from "../feature"

export const platformOverview: Feature = {
  name: "platform-overview",
  layers: ["server"],
}
