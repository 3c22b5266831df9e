import type { chartKitEn } from "./strings"

export const chartKitTr: typeof chartKitEn = {
  showTable: "Tablo olarak göster",
  showChart: "Grafik olarak göster",
  category: "Kategori",
  empty: "Bu aralıkta gösterilecek bir şey yok.",
  chartOf: "Grafik: {{title}}",
}
