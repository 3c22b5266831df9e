/** Turkish strings of src/i18n/reports.ts, in their own module so the login bundle carries English only. */
import type { ReportsStrings } from "./reports"

export const reportsTr: ReportsStrings = {
  common: {
    dateRange: "Tarih aralığı", startDate: "Başlangıç tarihi", endDate: "Bitiş tarihi", search: "Ara", clear: "Temizle", apply: "Uygula",
    applyFilters: "Filtreleri Uygula", clearFilters: "Filtreleri Temizle", export: "Dışa Aktar", download: "İndir", loading: "Yükleniyor…",
    rowsPerPage: "Sayfa başına satır", pageOf: "{{from}}–{{to}} / {{total}}", previousPage: "Önceki sayfa", nextPage: "Sonraki sayfa",
    copied: "Panoya Kopyalandı", copy: "{{value}} kopyala", noData: "Mevcut filtrelerle dışa aktarılacak veri yok.",
    exportFailed: "Dışa aktarma başarısız oldu. Lütfen tekrar deneyin.", loadFailed: "Rapor yüklenemedi.", noRows: "Kayıt bulunamadı",
    all: "Tümü", close: "Kapat",
  },
  otp: {
    searchLabel: "E-postaya göre ara", searchPlaceholder: "E-posta", id: "Kimlik", userName: "Kullanıcı Adı", email: "E-posta",
    phone: "Telefon Numarası", otpCode: "OTP Kodu", dateTime: "Tarih ve Saat", provider: "Sağlayıcı", providerEmail: "Sağlayıcı E-postası",
  },
  calls: {
    callType: "Arama Türü", incoming: "Gelen", outgoing: "Giden", callId: "Arama Kimliği", name: "Ad", number: "Numara",
    startTime: "Arama Başlangıcı", endTime: "Arama Bitişi", duration: "Süre", acceptedBy: "Yanıtlayan", status: "Durum",
    blocks: "Arama Blokları", dateTime: "Tarih Saat", message: "Mesaj", view: "Görüntüle", noCalls: "Arama Bulunamadı",
    seconds: "{{s}} sn", hms: "{{h}} sa {{m}} dk {{s}} sn", noPermission: "WhatsApp aramalarını görme yetkiniz yok.",
  },
  tickets: {
    searchPlaceholder: "Talep numarası", platform: "Platform", agent: "Temsilci", ticketStatus: "Talep Durumu", total: "Toplam Talep",
    pending: "Bekleyen Talepler", resolved: "Çözülen Talepler", avgResolution: "Ortalama Çözüm Süresi",
    avgValue: "{{days}} gün, {{hrs}} sa, {{min}} dk, {{s}} sn", name: "Ad", channel: "Kanal", ticketNumber: "Talep Numarası",
    status: "Durum", numberIds: "Numara / Kimlikler", startingDate: "Başlangıç Tarihi", endingDate: "Bitiş Tarihi",
    lastMessage: "Son Mesaj", action: "İşlem", openTicket: "Talebi Aç", detailsTitle: "Şikâyet Ayrıntıları", complaint: "Şikâyet",
    addedThis: "bu şikâyeti ekledi", noTickets: "Talep bulunamadı",
  },
  media: {
    title: "Mesaj", text: "Metin", imageAlt: "Görsel mesaj", failedImage: "Görsel yüklenemedi", openOriginal: "Orijinal Bağlantıyı Aç",
    openNewTab: "Yeni Sekmede Aç", openViewer: "Belge görüntüleyicide aç", loadingDocument: "Belge yükleniyor, lütfen bekleyin...",
    header: "Başlık", body: "Gövde", footer: "Alt bilgi", buttons: "Düğmeler", type: "Tür", headerType: "Başlık türü",
    unsupported: "Desteklenmeyen medya türü",
  },
}
