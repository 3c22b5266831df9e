import type { dataRightsEn } from "./strings"

export const dataRightsAr: typeof dataRightsEn = {
  title: "بيانات العميل",
  export: "تصدير البيانات",
  exporting: "جارٍ تجهيز الملف…",
  exported: "تم تنزيل بيانات العميل.",
  erase: "محو العميل",
  eraseTitle: "هل تريد محو هذا العميل؟",
  eraseText:
    "يُحذف نهائيًا كل ما هو محفوظ عن {{number}}: جهة الاتصال والمحادثات والرسائل وملفاتها والمكالمات والطلبات والرسائل القصيرة ورموز التحقق والتذاكر والشكاوى. تحتفظ الفوترة بمبالغها دون الرقم. لا يمكن التراجع عن ذلك.",
  typeNumber: "اكتب رقم العميل للتأكيد",
  eraseConfirm: "محو نهائي",
  cancel: "إلغاء",
  erasing: "جارٍ المحو…",
  erased: "تم محو العميل ({{rows}} سجلًا، {{files}} ملفات).",
  failed: "لم تنجح العملية: {{message}}",
}
