/** Turkish strings of scheduled sends (key `scheduledSends`). */
import type { scheduledSendsEn } from "./strings"

export const scheduledSendsTr: typeof scheduledSendsEn = {
  more: "Diğer gönderme seçenekleri",
  sendLater: "Daha sonra gönder…",
  newTitle: "Daha sonra gönder",
  editTitle: "Zamanlanmış mesajı düzenle",
  message: "Mesaj",
  template: "Şablon",
  time: "Gönderme zamanı ({{zone}})",
  inHour: "1 saat sonra",
  tomorrow: "Yarın 09:00",
  schedule: "Zamanla",
  save: "Kaydet",
  close: "Kapat",
  listLabel: "Zamanlanmış mesajlar",
  scheduledFor: "{{time}} için zamanlandı",
  failedAt: "{{time}} zamanında gönderilemedi: {{reason}}",
  edit: "Düzenle",
  cancel: "Gönderimi iptal et",
  dismiss: "Kapat",
  listFailed: "Zamanlanmış mesajlar okunamadı: {{message}}",
  retry: "Yeniden dene",
}
