/** Arabic strings of the Session Timeout screen. */
import type { sessionMessagesEn } from "./strings"

export const sessionMessagesAr: typeof sessionMessagesEn = {
  title: "مهلة الجلسة",
  subtitle: "الرسالة التي يتلقاها العميل عند انتهاء مهلة محادثته.",
  enabled: "إرسال رسالة انتهاء المهلة",
  minutes: "انتهاء المهلة بعد (دقائق)",
  minutesHelp: "دقائق كاملة من 1 إلى 10080 (أسبوع).",
  message: "الرسالة",
  save: "حفظ",
  saved: "تم الحفظ",
  retry: "حاول مرة أخرى",
  loadFailed: "تعذر تحميل مهلة الجلسة: {{message}}",
  saveFailed: "لم يتم الحفظ: {{message}}",
  problems: {
    minutesInvalid: "أدخل دقائق كاملة من 1 إلى 10080.",
    messageRequired: "اكتب الرسالة.",
    messageTooLong: "يمكن أن تحتوي الرسالة على 1000 حرف على الأكثر.",
    noChange: "لم يتغير شيء.",
  },
}
