/** Turkish strings of the flags screen. */
import type { FlagsStrings } from "./strings"

export const flagsTr: FlagsStrings = {
  subtitle: "İlgi gerektiren müşterileri işaretleyin; kişi rehberinden toplu bayraklayın",
  new: "Yeni bayrak",
  edit: "Düzenle",
  name: "Ad",
  color: "Renk",
  description: "Açıklama",
  customers: "Müşteriler",
  created: "Oluşturulma",
  show: "Müşterileri göster",
  noRows: "Henüz bayrak yok",
}
