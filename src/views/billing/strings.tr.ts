import type { billingEn } from "./strings"

export const billingTr: typeof billingEn = {
  title: "Faturalama",
  subtitle: "Bakiyeniz ve her alacak ile borç kaydı, her birinden sonraki bakiyeyle.",
  refresh: "Yenile",
  balance: "Bakiye",
  credit: "-{{amount}} tutarına kadar kredi izni var",
  noCredit: "Bakiye sıfırın altına inemez.",
  empty: "Henüz kayıt yok.",
  date: "Tarih",
  reason: "Açıklama",
  amount: "Tutar",
  after: "Sonraki bakiye",
  by: "Yapan",
  system: "Sistem",
}
