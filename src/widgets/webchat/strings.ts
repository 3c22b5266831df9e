/** What the widget says to visitors, in the console's three languages (Arabic is right to left). */
export interface WidgetStrings {
  readonly open: string
  readonly close: string
  readonly title: string
  readonly greeting: string
  readonly intro: string
  readonly name: string
  readonly email: string
  readonly phone: string
  readonly optional: string
  readonly start: string
  readonly placeholder: string
  readonly send: string
  readonly attach: string
  readonly typing: string
  readonly seen: string
  readonly tooBig: string
  readonly notSent: string
  readonly reconnecting: string
  readonly you: string
  readonly agent: string
  /** The visitor's place in the queue; `{position}`. */
  readonly queued: string
  /** The estimated wait; `{minutes}`. */
  readonly queueWait: string
}

const en: WidgetStrings = {
  open: "Chat with us",
  close: "Close the chat",
  title: "Chat with us",
  greeting: "Hello! How can we help you?",
  intro: "Tell us who you are and we will reply here.",
  name: "Your name",
  email: "E-mail",
  phone: "Phone",
  optional: "(optional)",
  start: "Start the chat",
  placeholder: "Write a message…",
  send: "Send",
  attach: "Attach a picture or PDF",
  typing: "An agent is typing…",
  seen: "Seen",
  tooBig: "A file may be at most 5 MB.",
  notSent: "Not sent:",
  reconnecting: "Reconnecting…",
  you: "You",
  agent: "Agent",
  queued: "You are number {position} in the queue.",
  queueWait: "Estimated wait: {minutes} min.",
}

const tr: WidgetStrings = {
  open: "Bize yazın",
  close: "Sohbeti kapat",
  title: "Bize yazın",
  greeting: "Merhaba! Size nasıl yardımcı olabiliriz?",
  intro: "Kim olduğunuzu yazın, size buradan yanıt verelim.",
  name: "Adınız",
  email: "E-posta",
  phone: "Telefon",
  optional: "(isteğe bağlı)",
  start: "Sohbeti başlat",
  placeholder: "Bir mesaj yazın…",
  send: "Gönder",
  attach: "Resim veya PDF ekle",
  typing: "Bir temsilci yazıyor…",
  seen: "Görüldü",
  tooBig: "Bir dosya en fazla 5 MB olabilir.",
  notSent: "Gönderilemedi:",
  reconnecting: "Yeniden bağlanılıyor…",
  you: "Siz",
  agent: "Temsilci",
  queued: "Sırada {position}. sıradasınız.",
  queueWait: "Tahmini bekleme: {minutes} dk.",
}

const ar: WidgetStrings = {
  open: "تحدث معنا",
  close: "أغلق المحادثة",
  title: "تحدث معنا",
  greeting: "مرحبًا! كيف يمكننا مساعدتك؟",
  intro: "عرّفنا بنفسك وسنرد عليك هنا.",
  name: "اسمك",
  email: "البريد الإلكتروني",
  phone: "الهاتف",
  optional: "(اختياري)",
  start: "ابدأ المحادثة",
  placeholder: "اكتب رسالة…",
  send: "إرسال",
  attach: "أرفق صورة أو ملف PDF",
  typing: "أحد الموظفين يكتب…",
  seen: "تمت القراءة",
  tooBig: "يجب ألا يزيد حجم الملف عن 5 ميغابايت.",
  notSent: "لم تُرسل:",
  reconnecting: "جارٍ إعادة الاتصال…",
  you: "أنت",
  agent: "الموظف",
  queued: "أنت رقم {position} في قائمة الانتظار.",
  queueWait: "وقت الانتظار المتوقع: {minutes} دقيقة.",
}

export const WIDGET_STRINGS = { en, tr, ar } as const
export type WidgetLanguage = keyof typeof WIDGET_STRINGS

/** The snippet's `data-lang`, else the page's `lang`, as one of ours (English when neither is one). */
export const languageOf = (...candidates: (string | null | undefined)[]): WidgetLanguage => {
  for (const candidate of candidates) {
    const code = candidate?.toLowerCase().split(/[-_]/)[0]
    if (code === "en" || code === "tr" || code === "ar") return code
  }
  return "en"
}
