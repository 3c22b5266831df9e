import type { mauEn } from "./strings"

export const mauAr: typeof mauEn = {
  title: "المستخدمون النشطون شهريًا",
  subtitle: "العملاء المختلفون الذين راسلوك في كل شهر، حسب القناة.",
  adminSubtitle: "العملاء المختلفون الذين راسلوا كل نشاط تجاري في كل شهر، حسب القناة.",
  refresh: "تحديث",
  from: "من",
  to: "إلى",
  business: "النشاط التجاري",
  allBusinesses: "كل الأنشطة التجارية",
  problems: {
    invalid: "اختر شهرًا لطرفي الفترة.",
    order: "الفترة تنتهي قبل أن تبدأ: اختر شهر نهاية لاحقًا.",
    tooLong: "اختر {{max}} شهرًا على الأكثر.",
  },
  chart: "العملاء حسب الشهر والقناة",
  month: "الشهر",
  total: "كل القنوات",
  conversations: "المحادثات التي بدأت",
  byBusiness: "العملاء حسب النشاط التجاري",
  channels: { whatsapp: "واتساب", facebook: "فيسبوك", instagram: "إنستغرام", sms: "رسائل SMS", webchat: "دردشة الويب" },
  mail: {
    title: "إرسال بالبريد الإلكتروني",
    email: "عنوان البريد الإلكتروني",
    month: "الشهر",
    send: "إرسال",
    invalid: "أدخل عنوان بريد إلكتروني مثل name@example.com.",
    sent: "تم إرسال تقرير {{month}} إلى {{email}}.",
    failed: "لم يُرسل التقرير: {{reason}}",
    adminNote: "يتضمن البريد أرقام كل الأنشطة التجارية لهذا الشهر.",
  },
}
