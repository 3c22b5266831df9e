import type { billingEn } from "./strings"

export const billingAr: typeof billingEn = {
  title: "الفوترة",
  subtitle: "رصيدك وكل عملية إضافة وخصم، مع الرصيد بعد كل منها.",
  refresh: "تحديث",
  balance: "الرصيد",
  credit: "يُسمح بالائتمان حتى -{{amount}}",
  noCredit: "لا يمكن أن ينخفض الرصيد عن الصفر.",
  empty: "لا توجد قيود بعد.",
  date: "التاريخ",
  reason: "الغرض",
  amount: "المبلغ",
  after: "الرصيد بعدها",
  by: "بواسطة",
  system: "النظام",
}
