/** Arabic strings of scheduled sends (key `scheduledSends`). */
import type { scheduledSendsEn } from "./strings"

export const scheduledSendsAr: typeof scheduledSendsEn = {
  more: "خيارات إرسال أخرى",
  sendLater: "إرسال لاحقًا…",
  newTitle: "إرسال لاحقًا",
  editTitle: "تعديل الرسالة المجدولة",
  message: "الرسالة",
  template: "القالب",
  time: "وقت الإرسال ({{zone}})",
  inHour: "بعد ساعة",
  tomorrow: "غدًا 09:00",
  schedule: "جدولة",
  save: "حفظ",
  close: "إغلاق",
  listLabel: "الرسائل المجدولة",
  scheduledFor: "مجدولة في {{time}}",
  failedAt: "لم تُرسل في {{time}}: {{reason}}",
  edit: "تعديل",
  cancel: "إلغاء الإرسال",
  dismiss: "تجاهل",
  listFailed: "تعذّرت قراءة الرسائل المجدولة: {{message}}",
  retry: "إعادة المحاولة",
}
