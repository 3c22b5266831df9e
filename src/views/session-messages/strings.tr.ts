/** Turkish strings of the Session Timeout screen. */
import type { sessionMessagesEn } from "./strings"

export const sessionMessagesTr: typeof sessionMessagesEn = {
  title: "Oturum Zaman Aşımı",
  subtitle: "Görüşmesi zaman aşımına uğrayan müşteriye giden mesaj.",
  enabled: "Zaman aşımı mesajını gönder",
  minutes: "Zaman aşımı (dakika)",
  minutesHelp: "1 ile 10080 (bir hafta) arası tam dakika.",
  message: "Mesaj",
  save: "Kaydet",
  saved: "Kaydedildi",
  retry: "Tekrar dene",
  loadFailed: "Oturum zaman aşımı yüklenemedi: {{message}}",
  saveFailed: "Kaydedilmedi: {{message}}",
  problems: {
    minutesInvalid: "1 ile 10080 arası tam dakika girin.",
    messageRequired: "Mesajı yazın.",
    messageTooLong: "Mesaj en çok 1000 karakter olabilir.",
    noChange: "Hiçbir şey değişmedi.",
  },
}
