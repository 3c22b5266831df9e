import type { blacklistEn } from "./strings"

export const blacklistTr: typeof blacklistEn = {
  title: "Kara listedeki jetonlar",
  subtitle: "İptal edilen bir API anahtarı veya jeton bir sonraki çağrıda reddedilir. Yalnızca ilk ve son karakterleri saklanır.",
  new: "Jeton iptal et",
  token: "Jeton",
  tokenHelp: "Bundan sonra reddedilecek API anahtarını, istemci jetonunu veya kullanıcı jetonunu yapıştırın.",
  reason: "Neden",
  revoked: "İptal tarihi",
  expires: "Süresinin dolacağı tarih",
  never: "Hiçbir zaman",
  restore: "Geri al (yeniden kabul et)",
  empty: "İptal edilmiş jeton yok",
  clearCache: "Önbelleği temizle",
  cacheCleared: "Temizlendi: {{caches}}. Silinen kayıt: {{n}}.",
  caches: {
    ip_whitelist: "IP izin listesi",
    settings: "ayarlar",
    sla_policies: "SLA politikaları",
    bots: "sohbet botları",
    roles: "rollerin izinleri",
  },
  problems: {
    tokenRequired: "İptal edilecek jetonu yapıştırın.",
    tokenTooShort: "Bir jeton en az 16 karakterdir.",
    reasonTooLong: "Neden en fazla 200 karakter olabilir.",
    notEditable: "Bir iptal değiştirilemez: geri alıp yeniden iptal edin.",
  },
}
