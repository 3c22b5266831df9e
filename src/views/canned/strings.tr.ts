/** Turkish strings of the canned messages screen. */
import type { cannedEn } from "./strings"

export const cannedTr: typeof cannedEn = {
  title: "Hazır Mesajlar",
  titleField: "Başlık",
  subtitle: "Temsilcilerin sohbetlere eklediği hazır yanıtlar (/ ve kısayol yazın) ve sesli aramalar için hızlı yanıtlar.",
  new: "Yeni hazır mesaj",
  edit: "Hazır mesajı düzenle",
  search: "Ara",
  searchPlaceholder: "Başlık, metin veya kısayol",
  kind: "Tür",
  bothKinds: "Sohbet ve arama",
  kinds: { chat: "Sohbet", call: "Arama" },
  text: "Mesaj",
  shortcut: "Kısayol",
  shortcutHelp: "Küçük harf, rakam, - ve _; temsilciler / sonrasına yazar.",
  shortcutTaken: "Bu kısayol kullanılıyor: {{message}}",
  visibility: "Görenler",
  shared: "Herkes",
  private: "Yalnızca ben",
  privateHelp: "Özel: bu yanıtı yalnızca ben görürüm",
  empty: "Henüz hazır mesaj yok",
  problems: {
    titleRequired: "Mesaja bir başlık verin.",
    titleTooLong: "Başlık en çok 100 karakter olabilir.",
    textRequired: "Mesajı yazın.",
    textTooLong: "Mesaj en çok 4096 karakter olabilir.",
    shortcutInvalid: "Kısayol 1-30 küçük harf, rakam, - veya _ içerir.",
    shortcutKept: "Kısayol değiştirilebilir ama kaldırılamaz.",
    noChange: "Hiçbir şey değişmedi.",
  },
}
