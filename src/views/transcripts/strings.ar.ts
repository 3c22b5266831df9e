/** Arabic strings of transcripts (key `transcripts`), right to left. */
import type { transcriptsEn } from "./strings"

export const transcriptsAr: typeof transcriptsEn = {
  download: "تنزيل نص المحادثة",
  pdf: "النص بصيغة PDF",
  csv: "النص بصيغة CSV",
  export: "تصدير نصوص المحادثات",
  progress: "{{done}} من {{total}} محادثة",
  ready: "نصوص {{count}} محادثة جاهزة",
  downloadZip: "تنزيل ملف zip",
  dismiss: "إغلاق",
  failed: "تعذّر إعداد النصوص: {{message}}",
}
