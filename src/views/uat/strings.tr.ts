import type { uatEn } from "./strings"

export const uatTr: typeof uatEn = {
  title: "UAT müşterileri",
  subtitle: "Test numaraları: açıkken konuşmaları aylık etkin kullanıcılara sayılmaz ve onlar için ücret alınmaz.",
  new: "Test numarası ekle",
  edit: "Test numarasını düzenle",
  search: "Ara",
  number: "Numara",
  name: "Ad",
  state: "Durum",
  created: "Eklenme",
  active: "Açık",
  inactive: "Kapalı",
  activeHelp: "Açık: raporlara ve faturalamaya katılmaz",
  empty: "Henüz test numarası yok",
  problems: {
    numberInvalid: "Uluslararası biçimde bir telefon numarası girin, örneğin +905550001122.",
    nameTooLong: "Ad en fazla 120 karakter olabilir.",
    noChange: "Hiçbir şey değişmedi.",
  },
}
