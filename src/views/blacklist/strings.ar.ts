import type { blacklistEn } from "./strings"

export const blacklistAr: typeof blacklistEn = {
  title: "الرموز المحظورة",
  subtitle: "يُرفض مفتاح API أو الرمز الملغى في الاستدعاء التالي. لا يُحفظ منه إلا أول الأحرف وآخرها.",
  new: "إلغاء رمز",
  token: "الرمز",
  tokenHelp: "الصق مفتاح API أو رمز العميل أو رمز المستخدم المراد رفضه من الآن.",
  reason: "السبب",
  revoked: "تاريخ الإلغاء",
  expires: "تاريخ انتهاء الصلاحية",
  never: "أبدًا",
  restore: "التراجع (قبوله مجددًا)",
  empty: "لا توجد رموز ملغاة",
  clearCache: "مسح ذاكرة التخزين المؤقت",
  cacheCleared: "تم المسح: {{caches}}. الإدخالات المحذوفة: {{n}}.",
  caches: {
    ip_whitelist: "قائمة عناوين IP المسموح بها",
    settings: "الإعدادات",
    sla_policies: "سياسات اتفاقية مستوى الخدمة",
    bots: "روبوتات المحادثة",
    roles: "صلاحيات الأدوار",
  },
  problems: {
    tokenRequired: "الصق الرمز المراد إلغاؤه.",
    tokenTooShort: "يتكون الرمز من 16 حرفًا على الأقل.",
    reasonTooLong: "يمكن أن يحتوي السبب على 200 حرف كحد أقصى.",
    notEditable: "لا يمكن تعديل الإلغاء: تراجع عنه ثم ألغِ الرمز مجددًا.",
  },
}
