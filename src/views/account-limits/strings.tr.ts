import type { accountLimitsEn } from "./strings"

export const accountLimitsTr: typeof accountLimitsEn = {
  title: "Hesap sınırları",
  subtitle: "Platformun belirlediği kullanım sınırlarınız ve ne kadarının kullanıldığı. Sınırın ötesine geçmek reddedilir.",
  refresh: "Yenile",
  noLimit: "Sınır yok",
  usedOf: "{{used}} / {{limit}}",
  reached: "{{used}} / {{limit}}: sınıra ulaşıldı",
  keys: {
    agents: "Etkin temsilciler",
    channels: "Bağlı kanallar",
    daily_messages: "Bugün gönderilen mesajlar",
    monthly_messages: "Bu ay gönderilen mesajlar",
    campaign_size: "Kampanya başına alıcı",
    storage_mb: "Dosya depolama (MiB)",
  },
}
