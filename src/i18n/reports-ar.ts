/** Arabic strings of src/i18n/reports.ts, in their own module so the login bundle carries English only. */
import type { ReportsStrings } from "./reports"

export const reportsAr: ReportsStrings = {
  common: {
    dateRange: "نطاق التاريخ", startDate: "تاريخ البدء", endDate: "تاريخ الانتهاء", search: "بحث", clear: "مسح", apply: "تطبيق",
    applyFilters: "تطبيق عوامل التصفية", clearFilters: "مسح عوامل التصفية", export: "تصدير", download: "تنزيل", loading: "جارٍ التحميل…",
    rowsPerPage: "صفوف لكل صفحة", pageOf: "{{from}}–{{to}} من {{total}}", previousPage: "الصفحة السابقة", nextPage: "الصفحة التالية",
    copied: "تم النسخ إلى الحافظة", copy: "نسخ {{value}}", noData: "لا توجد بيانات متاحة للتصدير باستخدام عوامل التصفية الحالية.",
    exportFailed: "فشل التصدير. يرجى المحاولة مرة أخرى.", loadFailed: "تعذّر تحميل التقرير.", noRows: "لم يتم العثور على سجلات",
    all: "الكل", close: "إغلاق",
  },
  otp: {
    searchLabel: "البحث بالبريد الإلكتروني", searchPlaceholder: "البريد الإلكتروني", id: "المعرّف", userName: "اسم المستخدم",
    email: "البريد الإلكتروني", phone: "رقم الهاتف", otpCode: "رمز OTP", dateTime: "التاريخ والوقت", provider: "المزوّد",
    providerEmail: "بريد المزوّد",
  },
  calls: {
    callType: "نوع المكالمة", incoming: "واردة", outgoing: "صادرة", callId: "معرّف المكالمة", name: "الاسم", number: "الرقم",
    startTime: "وقت بدء المكالمة", endTime: "وقت انتهاء المكالمة", duration: "المدة", acceptedBy: "تم الرد بواسطة", status: "الحالة",
    blocks: "كتل المكالمة", dateTime: "التاريخ والوقت", message: "الرسالة", view: "عرض", noCalls: "لم يتم العثور على مكالمات",
    seconds: "{{s}} ث", hms: "{{h}} س {{m}} د {{s}} ث", noPermission: "ليست لديك صلاحية عرض مكالمات واتساب.",
  },
  tickets: {
    searchPlaceholder: "رقم التذكرة", platform: "المنصة", agent: "الوكيل", ticketStatus: "حالة التذكرة", total: "إجمالي التذاكر",
    pending: "التذاكر المعلقة", resolved: "التذاكر المحلولة", avgResolution: "متوسط وقت الحل",
    avgValue: "{{days}} يوم، {{hrs}} ساعة، {{min}} دقيقة، {{s}} ثانية", name: "الاسم", channel: "القناة", ticketNumber: "رقم التذكرة",
    status: "الحالة", numberIds: "الرقم / المعرّفات", startingDate: "تاريخ البدء", endingDate: "تاريخ الانتهاء", lastMessage: "آخر رسالة",
    action: "إجراء", openTicket: "فتح التذكرة", detailsTitle: "تفاصيل الشكوى", complaint: "الشكوى", addedThis: "أضاف هذه الشكوى",
    noTickets: "لم يتم العثور على تذاكر",
  },
  media: {
    title: "الرسالة", text: "نص", imageAlt: "رسالة صورة", failedImage: "فشل تحميل الصورة", openOriginal: "فتح الرابط الأصلي",
    openNewTab: "فتح في علامة تبويب جديدة", openViewer: "فتح في عارض المستندات", loadingDocument: "جارٍ تحميل المستند، يرجى الانتظار...",
    header: "الرأس", body: "النص", footer: "التذييل", buttons: "الأزرار", type: "النوع", headerType: "نوع الرأس",
    unsupported: "نوع وسائط غير مدعوم",
  },
}
