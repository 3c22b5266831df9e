/** Turkish strings of the labels screen. */
import type { labelsEn } from "./strings"

export const labelsTr: typeof labelsEn = {
  title: "Etiketler",
  subtitle: "Temsilcilerin görüşmeleri sıralamak ve bulmak için kullandığı etiketler.",
  new: "Yeni etiket",
  edit: "Etiketi düzenle",
  search: "Ara",
  name: "Ad",
  color: "Renk",
  preview: "Önizleme",
  conversations: "Görüşmeler",
  created: "Oluşturulma",
  empty: "Henüz etiket yok",
  problems: {
    nameRequired: "Etikete bir ad verin.",
    nameTooLong: "Etiket adı en çok 50 karakter olabilir.",
    colorInvalid: "Bir renk seçin.",
    noChange: "Hiçbir şey değişmedi.",
  },
}
