/** Arabic strings of the chatbot tags screen. */
import type { tagsEn } from "./strings"

export const tagsAr: typeof tagsEn = {
  title: "وسوم روبوت الدردشة",
  subtitle: "وسوم يضعها روبوت الدردشة على العملاء أثناء تنقلهم في قوائمه.",
  new: "وسم جديد",
  edit: "تعديل الوسم",
  search: "بحث",
  name: "الاسم",
  description: "الوصف",
  contacts: "جهات الاتصال",
  created: "تاريخ الإنشاء",
  empty: "لا توجد وسوم بعد",
  problems: {
    nameRequired: "أعطِ الوسم اسمًا.",
    nameTooLong: "يمكن أن يحتوي اسم الوسم على 50 حرفًا على الأكثر.",
    descriptionTooLong: "يمكن أن يحتوي الوصف على 300 حرف على الأكثر.",
    noChange: "لم يتغير شيء.",
  },
}
