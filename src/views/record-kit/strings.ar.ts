/** Arabic strings of the record kit. */
import type { recordKitEn } from "./strings"

export const recordKitAr: typeof recordKitEn = {
  save: "حفظ",
  cancel: "إلغاء",
  edit: "تعديل",
  delete: "حذف",
  actions: "الإجراءات",
  saved: "تم الحفظ",
  confirmDelete: "حذف “{{name}}”؟ لا يمكن التراجع عن ذلك.",
  saveFailed: "لم يتم الحفظ: {{message}}",
  deleteFailed: "لم يتم الحذف: {{message}}",
  actionFailed: "لم يتم التنفيذ: {{message}}",
  csvChoose: "اختر ملف CSV…",
  csvBrowse: "استعراض",
  csvUpload: "رفع",
  csvFailed: "لم يتم استيراد الملف: {{message}}",
  csvSummary: "أُضيف {{inserted}}، وحُدّث {{updated}}، ورُفض {{skipped}}.",
  csvLine: "السطر",
  csvOutcome: "النتيجة",
  csvAccepted: "مقبول",
  csvRefused: "مرفوض",
}
