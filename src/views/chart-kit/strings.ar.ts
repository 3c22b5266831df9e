import type { chartKitEn } from "./strings"

export const chartKitAr: typeof chartKitEn = {
  showTable: "عرض كجدول",
  showChart: "عرض كرسم بياني",
  category: "الفئة",
  empty: "لا يوجد ما يُعرض في هذه الفترة.",
  chartOf: "رسم بياني: {{title}}",
}
