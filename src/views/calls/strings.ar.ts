/** Arabic strings of src/i18n/calls.ts, in their own module so the login bundle carries English only. */
import type { callsEn } from "./strings"

export const callsAr: typeof callsEn = {
  incoming: "مكالمة واتساب واردة",
  outgoing: "مكالمة واتساب صادرة",
  unknown: "غير معروف",
  ringsFor: "رفض تلقائي خلال {{seconds}} ث",
  dial: { open: "الاتصال بعميل", number: "رقم العميل", call: "اتصال" },
  accept: "قبول",
  reject: "رفض",
  end: "إنهاء المكالمة",
  mute: "كتم",
  unmute: "إلغاء الكتم",
  hide: "إخفاء",
  hiddenCalls: "المكالمات المخفية ({{count}})",
  restore: "إظهار",
  quickReply: "رد سريع",
  customMessage: "رسالة مخصصة...",
  customTitle: "إرسال رسالة إلى {{number}}",
  customPlaceholder: "اكتب رسالتك",
  send: "إرسال",
  cancel: "إلغاء",
  connecting: "جارٍ الاتصال…",
  tone: "نغمة المكالمة",
  replies: {
    busy: "أنا في مكالمة أخرى، سأعاود الاتصال بك قريبًا.",
    later: "هل يمكننا التحدث لاحقًا اليوم؟",
    message: "يرجى إرسال سؤالك إلينا كرسالة.",
  },
  notice: {
    microphone: "يرجى تفعيل الميكروفون",
    microphoneAccess: "يرجى تفعيل الوصول إلى الميكروفون",
    anotherOutgoing: "هناك مكالمة صادرة أخرى نشطة بالفعل",
    anotherActive: "أنهِ المكالمة الحالية قبل قبول مكالمة أخرى.",
    sent: "تم الإرسال بنجاح!",
    sendFailed: "تعذر إرسال الرسالة.",
  },
}
