import type { uatEn } from "./strings"

export const uatAr: typeof uatEn = {
  title: "عملاء اختبار القبول",
  subtitle: "أرقام الاختبار: أثناء تفعيلها تُستبعد محادثاتها من المستخدمين النشطين شهريًا ولا يُحتسب عليها أي رسوم.",
  new: "إضافة رقم اختبار",
  edit: "تعديل رقم الاختبار",
  search: "بحث",
  number: "الرقم",
  name: "الاسم",
  state: "الحالة",
  created: "تاريخ الإضافة",
  active: "مفعّل",
  inactive: "متوقف",
  activeHelp: "مفعّل: مستبعد من التقارير والفوترة",
  empty: "لا توجد أرقام اختبار بعد",
  problems: {
    numberInvalid: "أدخل رقم هاتف بالصيغة الدولية، مثل +905550001122.",
    nameTooLong: "يمكن أن يحتوي الاسم على 120 حرفًا كحد أقصى.",
    noChange: "لم يتغير شيء.",
  },
}
