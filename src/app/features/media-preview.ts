/** The media preview's words (a message's image, video, document or interactive parts), used by the chat and the histories. */
import type { Feature } from "../feature"

export const mediaPreview: Feature = {
  name: "media-preview",
  layers: ["views"],
  strings: {
    en: () => import("../../views/media-preview/strings").then((m) => ({ mediaPreview: m.mediaPreviewEn })),
    tr: () => import("../../views/media-preview/strings.tr").then((m) => ({ mediaPreview: m.mediaPreviewTr })),
    ar: () => import("../../views/media-preview/strings.ar").then((m) => ({ mediaPreview: m.mediaPreviewAr })),
  },
}
