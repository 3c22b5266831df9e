/** The record kit's words (dialog, delete confirmation, notices), used by the settings lists that edit records. */
import type { Feature } from "../feature"

export const recordKit: Feature = {
  name: "record-kit",
  layers: ["views"],
  strings: {
    en: () => import("../../views/record-kit/strings").then((m) => ({ recordKit: m.recordKitEn })),
    tr: () => import("../../views/record-kit/strings.tr").then((m) => ({ recordKit: m.recordKitTr })),
    ar: () => import("../../views/record-kit/strings.ar").then((m) => ({ recordKit: m.recordKitAr })),
  },
}
