import type { commonEn } from "./strings"

/** Arabic strings every page can show (app frame, errors, alerts, failures; rendered right to left). */
export const commonAr: typeof commonEn = {
  app: {
    name: "وحدة تحكم المراسلة",
    tagline: "محادثات العملاء والمكالمات والحملات في مكان واحد",
    loading: "جارٍ التحميل…",
    notAvailableTitle: "غير متاح بعد",
    notAvailableBody: "هذه الشاشة جزء من وحدة التحكم لكنها لم تُبنَ بعد. لا توجد هنا بيانات تجريبية.",
    notAvailableSection: "القسم: {{section}}",
    backHome: "الانتقال إلى صفحة البداية",
    landingTitle: "مرحبًا، {{name}}",
    landingBody: "اختر صفحة من القائمة. لا توجد لوحة معلومات لحسابك.",
    landingEmpty: "لم تُخصَّص لحسابك أي صفحات بعد. اطلب الوصول من أحد المسؤولين.",
    skipToContent: "الانتقال إلى المحتوى الرئيسي",
    copyright: "© {{year}} وحدة تحكم المراسلة",
  },
  failure: {
    notImplemented: "لا يوفّر الخادم هذا بعد ({{call}}).",
    failed: "فشل الطلب",
  },
  errors: {
    renderFailure: "404 الصفحة غير موجودة",
    renderFailureBody: "تعذّر عرض جزء من هذه الصفحة.",
    notFoundTitle: "404 الصفحة غير موجودة",
    notFoundBody: "الصفحة التي تبحث عنها غير موجودة.",
    offlineTitle: "لا يوجد اتصال بالإنترنت",
    offlineBody: "تحقق من اتصالك؛ ستعيد وحدة التحكم الاتصال تلقائيًا.",
    retry: "إعادة المحاولة",
  },
  enums: {
    channel: { whatsapp: "واتساب", facebook: "فيسبوك", instagram: "إنستغرام", sms: "رسائل SMS", webchat: "دردشة الويب" },
    callStatus: {
      RINGING: "يرن",
      ACCEPTED: "قيد المكالمة",
      COMPLETED: "مكتملة",
      MISSED: "فائتة",
      REJECTED: "مرفوضة",
      REFUSED: "مرفوضة من النظام",
      failed: "فشلت",
    },
    campaignStatus: {
      draft: "مسودة",
      scheduled: "مجدولة",
      running: "قيد الإرسال",
      paused: "متوقفة مؤقتًا",
      completed: "مكتملة",
      stopped: "موقوفة",
      failed: "فاشلة",
    },
    messageStatus: {
      queued: "في الانتظار",
      pending: "معلّقة",
      sent: "مُرسلة",
      delivered: "تم التسليم",
      read: "مقروءة",
      failed: "فشلت",
      received: "مستلمة",
    },
  },
  duration: { seconds: "{{s}} ث", hms: "{{h}} س {{m}} د {{s}} ث" },
  alerts: {
    sessionReplaced: "لقد سجّلت الدخول بالفعل على جهاز آخر. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.",
    sessionExpired: "انتهت صلاحية جلستك، يرجى تسجيل الدخول مرة أخرى",
    missingClientToken: "لا يمكن استدعاء الخدمة البعيدة بدون رمز المصادقة",
    missingUserToken: "لا يمكن استدعاء الخدمة البعيدة بدون رمز مصادقة المستخدم",
  },
}
