/** Arabic strings of the canned messages screen. */
import type { cannedEn } from "./strings"

export const cannedAr: typeof cannedEn = {
  title: "الرسائل الجاهزة",
  titleField: "العنوان",
  subtitle: "ردود جاهزة يدرجها الموظفون في المحادثات (اكتب / ثم الاختصار) وردود سريعة للمكالمات الصوتية.",
  new: "رسالة جاهزة جديدة",
  edit: "تعديل الرسالة الجاهزة",
  search: "بحث",
  searchPlaceholder: "العنوان أو النص أو الاختصار",
  kind: "النوع",
  bothKinds: "المحادثة والمكالمة",
  kinds: { chat: "محادثة", call: "مكالمة" },
  text: "الرسالة",
  shortcut: "الاختصار",
  shortcutHelp: "أحرف لاتينية صغيرة وأرقام و - و _؛ يكتبه الموظف بعد /.",
  shortcutTaken: "هذا الاختصار مستخدم: {{message}}",
  visibility: "مرئية لـ",
  shared: "الجميع",
  private: "أنا فقط",
  privateHelp: "خاصة: أنا فقط أرى هذا الرد",
  empty: "لا توجد رسائل جاهزة بعد",
  problems: {
    titleRequired: "أعطِ الرسالة عنوانًا.",
    titleTooLong: "يمكن أن يحتوي العنوان على 100 حرف على الأكثر.",
    textRequired: "اكتب الرسالة.",
    textTooLong: "يمكن أن تحتوي الرسالة على 4096 حرفًا على الأكثر.",
    shortcutInvalid: "يتكون الاختصار من 1 إلى 30 حرفًا صغيرًا أو رقمًا أو - أو _.",
    shortcutKept: "يمكن تغيير الاختصار لكن لا يمكن حذفه.",
    noChange: "لم يتغير شيء.",
  },
}
