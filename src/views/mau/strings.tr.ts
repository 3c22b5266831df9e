import type { mauEn } from "./strings"

export const mauTr: typeof mauEn = {
  title: "Aylık aktif kullanıcılar",
  subtitle: "Her ay size yazan farklı müşteriler, kanal bazında.",
  adminSubtitle: "Her ay her işletmeye yazan farklı müşteriler, kanal bazında.",
  refresh: "Yenile",
  from: "Başlangıç",
  to: "Bitiş",
  business: "İşletme",
  allBusinesses: "Tüm işletmeler",
  problems: {
    invalid: "Aralığın iki ucu için de bir ay seçin.",
    order: "Aralık başlamadan bitiyor: daha sonraki bir bitiş ayı seçin.",
    tooLong: "En fazla {{max}} ay seçin.",
  },
  chart: "Aylara ve kanallara göre müşteriler",
  month: "Ay",
  total: "Tüm kanallar",
  conversations: "Başlayan görüşmeler",
  byBusiness: "İşletmelere göre müşteriler",
  channels: { whatsapp: "WhatsApp", facebook: "Facebook", instagram: "Instagram", sms: "SMS", webchat: "Web sohbet" },
  mail: {
    title: "E-posta ile gönder",
    email: "E-posta adresi",
    month: "Ay",
    send: "Gönder",
    invalid: "ad@ornek.com gibi bir e-posta adresi girin.",
    sent: "{{month}} raporu {{email}} adresine gönderildi.",
    failed: "Rapor gönderilemedi: {{reason}}",
    adminNote: "E-posta, ay için tüm işletmelerin rakamlarını içerir.",
  },
}
