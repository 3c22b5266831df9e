/** Arabic strings of the media preview, in their own module so the login bundle carries English only. */
import type { MediaPreviewStrings } from "./strings"

export const mediaPreviewAr: MediaPreviewStrings = {
  title: "الرسالة",
  text: "نص",
  imageAlt: "رسالة صورة",
  failedImage: "فشل تحميل الصورة",
  openOriginal: "فتح الرابط الأصلي",
  openNewTab: "فتح في علامة تبويب جديدة",
  openViewer: "فتح في عارض المستندات",
  loadingDocument: "جارٍ تحميل المستند، يرجى الانتظار...",
  header: "الرأس",
  body: "النص",
  footer: "التذييل",
  buttons: "الأزرار",
  type: "النوع",
  headerType: "نوع الرأس",
  unsupported: "نوع وسائط غير مدعوم",
}
