/** Turkish strings of the record kit. */
import type { recordKitEn } from "./strings"

export const recordKitTr: typeof recordKitEn = {
  save: "Kaydet",
  cancel: "İptal",
  edit: "Düzenle",
  delete: "Sil",
  actions: "İşlemler",
  saved: "Kaydedildi",
  confirmDelete: "“{{name}}” silinsin mi? Bu geri alınamaz.",
  saveFailed: "Kaydedilmedi: {{message}}",
  deleteFailed: "Silinmedi: {{message}}",
  actionFailed: "Yapılamadı: {{message}}",
  csvChoose: "Bir CSV dosyası seçin…",
  csvBrowse: "Gözat",
  csvUpload: "Yükle",
  csvFailed: "Dosya içe aktarılmadı: {{message}}",
  csvSummary: "{{inserted}} eklendi, {{updated}} güncellendi, {{skipped}} reddedildi.",
  csvLine: "Satır",
  csvOutcome: "Sonuç",
  csvAccepted: "Kabul edildi",
  csvRefused: "Reddedildi",
}
