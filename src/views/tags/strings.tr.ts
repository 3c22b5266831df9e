/** Turkish strings of the chatbot tags screen. */
import type { tagsEn } from "./strings"

export const tagsTr: typeof tagsEn = {
  title: "Sohbet Botu Etiketleri",
  subtitle: "Sohbet botunun menülerinde ilerleyen müşterilere koyduğu etiketler.",
  new: "Yeni etiket",
  edit: "Etiketi düzenle",
  search: "Ara",
  name: "Ad",
  description: "Açıklama",
  contacts: "Kişiler",
  created: "Oluşturulma",
  empty: "Henüz etiket yok",
  problems: {
    nameRequired: "Etikete bir ad verin.",
    nameTooLong: "Etiket adı en çok 50 karakter olabilir.",
    descriptionTooLong: "Açıklama en çok 300 karakter olabilir.",
    noChange: "Hiçbir şey değişmedi.",
  },
}
