import type { accountLimitsEn } from "./strings"

export const accountLimitsTr: typeof accountLimitsEn = {
  title: "Hesap sınırları",
  subtitle: "Platformun belirlediği kullanım sınırlarınız ve ne kadarının kullanıldığı. Sınırın ötesine geçmek reddedilir.",
  refresh: "Yenile",
  noLimit: "Sınır yok",
  usedOf: "{{used}} / {{limit}}",
  reached: "{{used}} / {{limit}}: sınıra ulaşıldı",
  admin: {
    subtitle:
      "Her işletmenin ne kullanabileceğini belirleyin. Düşürülen bir sınır, onu aşan bir sonraki kullanımı reddeder; kullanımda olan kalır.",
    limit: "Sınır",
    usage: "Kullanımda",
    placeholder: "Sınır yok",
    invalid: "0 ile 1.000.000.000 arasında bir tam sayı girin, örneğin 100.000.",
    save: "Sınırları kaydet",
    saved: "Sınırlar kaydedildi.",
    nothing: "Önce bir sınırı değiştirin.",
    failed: "{{limit}} kaydedilmedi: {{reason}}",
    failedAll: "Sınırlar okunamadı: {{reason}}",
    retry: "Yeniden dene",
  },
  keys: {
    agents: "Etkin temsilciler",
    channels: "Bağlı kanallar",
    daily_messages: "Bugün gönderilen mesajlar",
    monthly_messages: "Bu ay gönderilen mesajlar",
    campaign_size: "Kampanya başına alıcı",
    storage_mb: "Dosya depolama (MiB)",
  },
}
