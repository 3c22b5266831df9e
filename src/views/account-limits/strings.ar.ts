import type { accountLimitsEn } from "./strings"

export const accountLimitsAr: typeof accountLimitsEn = {
  title: "حدود الحساب",
  subtitle: "ما يمكن لحسابك استخدامه كما حددته المنصة، وكم استُخدم منه. يُرفض تجاوز أي حد.",
  refresh: "تحديث",
  noLimit: "بلا حد",
  usedOf: "{{used}} من {{limit}}",
  reached: "{{used}} من {{limit}}: تم بلوغ الحد",
  keys: {
    agents: "الوكلاء النشطون",
    channels: "القنوات المتصلة",
    daily_messages: "الرسائل المرسلة اليوم",
    monthly_messages: "الرسائل المرسلة هذا الشهر",
    campaign_size: "المستلمون لكل حملة",
    storage_mb: "تخزين الملفات (ميبيبايت)",
  },
}
