import type { accountLimitsEn } from "./strings"

export const accountLimitsAr: typeof accountLimitsEn = {
  title: "حدود الحساب",
  subtitle: "ما يمكن لحسابك استخدامه كما حددته المنصة، وكم استُخدم منه. يُرفض تجاوز أي حد.",
  refresh: "تحديث",
  noLimit: "بلا حد",
  usedOf: "{{used}} من {{limit}}",
  reached: "{{used}} من {{limit}}: تم بلوغ الحد",
  admin: {
    subtitle: "حدّد ما يمكن لكل نشاط تجاري استخدامه. الحد المخفَّض يرفض الاستخدام التالي الذي يتجاوزه؛ ويبقى ما هو مستخدم الآن.",
    limit: "الحد",
    usage: "المستخدَم",
    placeholder: "بلا حد",
    invalid: "أدخل عددًا صحيحًا من 0 إلى 1,000,000,000، مثل 100,000.",
    save: "حفظ الحدود",
    saved: "تم حفظ الحدود.",
    nothing: "غيّر حدًا أولًا.",
    failed: "لم يُحفظ {{limit}}: {{reason}}",
    failedAll: "تعذّرت قراءة الحدود: {{reason}}",
    retry: "إعادة المحاولة",
  },
  keys: {
    agents: "الوكلاء النشطون",
    channels: "القنوات المتصلة",
    daily_messages: "الرسائل المرسلة اليوم",
    monthly_messages: "الرسائل المرسلة هذا الشهر",
    campaign_size: "المستلمون لكل حملة",
    storage_mb: "تخزين الملفات (ميبيبايت)",
  },
}
