/** Arabic strings of the labels screen. */
import type { labelsEn } from "./strings"

export const labelsAr: typeof labelsEn = {
  title: "التصنيفات",
  subtitle: "تصنيفات يضعها الموظفون على المحادثات لترتيبها والعثور عليها.",
  new: "تصنيف جديد",
  edit: "تعديل التصنيف",
  search: "بحث",
  name: "الاسم",
  color: "اللون",
  preview: "معاينة",
  conversations: "المحادثات",
  created: "تاريخ الإنشاء",
  empty: "لا توجد تصنيفات بعد",
  problems: {
    nameRequired: "أعطِ التصنيف اسمًا.",
    nameTooLong: "يمكن أن يحتوي اسم التصنيف على 50 حرفًا على الأكثر.",
    colorInvalid: "اختر لونًا.",
    noChange: "لم يتغير شيء.",
  },
}
