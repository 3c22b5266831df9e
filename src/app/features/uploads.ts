/**
 * Uploads (server/features/uploads): stored files and attachments served by signed, expiring links. Server only: the
 * chat's composer and the catalogues' product images call its contract group (`uploads` in their manifests' `calls`).
 */
import type { Feature } from "../feature"

export const uploads: Feature = {
  name: "uploads",
  layers: ["server", "docs"],
}
