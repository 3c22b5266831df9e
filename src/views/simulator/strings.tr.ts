import type { simulatorEn } from "./strings"

export const simulatorTr: typeof simulatorEn = {
  outbox: {
    title: "Posta giden kutusu",
    subtitle:
      "Bu geliştirme sunucusunun göndermek yerine sakladığı postalar (posta sunucusu ayarlanmadı), en yenisi üstte. Birkaç saniyede bir yenilenir.",
    refresh: "Yenile",
    empty: "Henüz posta yok. Sunucunun gönderdiği postalar (aylık aktif kullanıcı raporu, parola sıfırlama bağlantısı) burada görünür.",
    to: "Alıcı",
    subject: "Konu",
    time: "Zaman",
    failed: "Giden kutusu okunamadı: {{reason}}",
  },
}
