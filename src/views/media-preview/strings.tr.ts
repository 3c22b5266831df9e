/** Turkish strings of the media preview, in their own module so the login bundle carries English only. */
import type { MediaPreviewStrings } from "./strings"

export const mediaPreviewTr: MediaPreviewStrings = {
  title: "Mesaj",
  text: "Metin",
  imageAlt: "Görsel mesaj",
  failedImage: "Görsel yüklenemedi",
  openOriginal: "Orijinal Bağlantıyı Aç",
  openNewTab: "Yeni Sekmede Aç",
  openViewer: "Belge görüntüleyicide aç",
  loadingDocument: "Belge yükleniyor, lütfen bekleyin...",
  header: "Başlık",
  body: "Gövde",
  footer: "Alt bilgi",
  buttons: "Düğmeler",
  type: "Tür",
  headerType: "Başlık türü",
  unsupported: "Desteklenmeyen medya türü",
}
