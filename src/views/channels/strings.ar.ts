/** نصوص شاشات القنوات (تحت `channels`). */
import type { channelsEn } from "./strings"

export const channelsAr: typeof channelsEn = {
  retry: "أعد المحاولة",
  states: { connected: "متصل", not_connected: "غير متصل", pending: "لم يُفحص بعد", failed: "متعطّل" },
  problems: { required: "{{field}} مطلوب.", invalid: "{{field}} لا يبدو صحيحًا: راجعه في مدير واتساب لدى Meta." },
  whatsapp: {
    title: "واتساب",
    subtitle: "اربط رقم واتساب للأعمال (Cloud API): تصل رسائل العملاء إلى صندوق الوارد ويرد الوكلاء من هنا.",
    state: "الاتصال",
    test: "اختبر الاتصال",
    connect: "اربط رقمًا",
    reconnect: "غيّر الاتصال",
    save: "احفظ وافحص",
    saved: "حُفظ: سُئلت Meta عن الرقم",
    storedToken: "رمز وصول ينتهي بـ {{hint}} محفوظ. أدخله مجددًا (أو رمزًا جديدًا) لتغيير الاتصال.",
    webhook: "خطاف الويب للوحة Meta",
    webhookHelp: "في تطبيقك لدى Meta، ضمن واتساب › الإعداد، الصق عنوان الاستدعاء ورمز التحقق هذين، ثم اشترك في حقل messages.",
    webhookUrl: "عنوان الاستدعاء",
    verifyToken: "رمز التحقق",
    fields: {
      phone_number_id: "معرّف رقم الهاتف",
      waba_id: "معرّف حساب واتساب للأعمال",
      display_number: "رقم الهاتف",
      access_token: "رمز الوصول",
      app_secret: "سرّ التطبيق",
      display_name: "الاسم الظاهر (اختياري)",
    },
    help: {
      phone_number_id: "أرقام، من مدير واتساب › أرقام الهواتف (ليس الرقم نفسه).",
      waba_id: "أرقام، من مدير واتساب › أدوات الحساب.",
      display_number: "الرقم الذي يراسله العملاء، مع رمز الدولة.",
      access_token: "رمز دائم لمستخدم نظام بصلاحية whatsapp_business_messaging.",
      app_secret: "سرّ تطبيقك لدى Meta (إعدادات التطبيق › أساسي): يتحقق من توقيع كل خطاف ويب.",
      display_name: "فارغ: الاسم الموثّق الذي تعطيه Meta.",
    },
  },
}
