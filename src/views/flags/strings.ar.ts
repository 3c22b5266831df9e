/** Arabic strings of the flags screen. */
import type { FlagsStrings } from "./strings"

export const flagsAr: FlagsStrings = {
  subtitle: "ميّز العملاء الذين يحتاجون إلى اهتمام؛ وضع العلامات جماعيًا من دفتر جهات الاتصال",
  new: "علامة جديدة",
  edit: "تعديل",
  name: "الاسم",
  color: "اللون",
  description: "الوصف",
  customers: "العملاء",
  created: "تاريخ الإنشاء",
  show: "عرض العملاء",
  noRows: "لا توجد علامات بعد",
}
