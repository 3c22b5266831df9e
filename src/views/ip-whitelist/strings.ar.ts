import type { ipWhitelistEn } from "./strings"

export const ipWhitelistAr: typeof ipWhitelistEn = {
  title: "قائمة عناوين IP المسموح بها",
  subtitle: "العناوين والنطاقات التي يمكن استخدام مفتاح API ورمز العميل منها. القائمة الفارغة تسمح بكل العناوين.",
  new: "إضافة عنوان",
  edit: "تعديل العنوان",
  search: "بحث",
  address: "العنوان أو النطاق",
  addressHelp: "عنوان IPv4 أو IPv6، أو نطاق CIDR مثل 203.0.113.0/24.",
  label: "التسمية",
  created: "تاريخ الإضافة",
  empty: "لا توجد عناوين بعد: يمكن استخدام مفتاح API من أي عنوان.",
  enforceLogin: "اشتراط عنوان من القائمة أيضًا لتسجيل الدخول إلى وحدة التحكم",
  yourIpListed: "عنوانك {{ip}} موجود في القائمة.",
  yourIpNotListed: "عنوانك {{ip}} غير موجود في القائمة.",
  lockoutTitle: "ستمنع نفسك من الدخول",
  lockoutText: "عنوانك {{ip}} غير موجود في القائمة. بعد التفعيل سيُرفض تسجيل دخولك التالي من هنا. أضف عنوانك أولًا أو تابع على أي حال.",
  lockoutConfirm: "التفعيل على أي حال",
  lockoutCancel: "إلغاء",
  problems: {
    ipRequired: "أدخل عنوانًا أو نطاقًا.",
    ipInvalid: "هذا ليس عنوان IPv4 أو IPv6 ولا نطاق CIDR.",
    labelTooLong: "يمكن أن تحتوي التسمية على 100 حرف كحد أقصى.",
    noChange: "لم يتغير شيء.",
  },
}
