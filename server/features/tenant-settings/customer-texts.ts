/**
 * THE table of the texts the server sends customers by itself, in the tenant's language (setting `language`: en, tr,
 * ar). A tenant's own text (its away message, its session message) is sent as written and never goes through here;
 * these are the defaults and the texts nobody configures.
 */
import type { ClientSettings } from "../../../src/contract/schemas/tenants"

export type Language = ClientSettings["language"]

const TEXTS = {
  /** An idle conversation closed by itself and the tenant wrote no session message. */
  sessionClosed: {
    en: "Your session has timed out. Send a message to start a new conversation.",
    tr: "Oturumunuz zaman aşımına uğradı. Yeni bir görüşme başlatmak için bir mesaj gönderin.",
    ar: "انتهت مهلة جلستك. أرسل رسالة لبدء محادثة جديدة.",
  },
  /** A customer wrote outside working hours and the tenant wrote no away message. */
  away: {
    en: "Thank you for your message. We are closed right now and will answer as soon as we are back.",
    tr: "Mesajınız için teşekkürler. Şu anda kapalıyız, döner dönmez yanıt vereceğiz.",
    ar: "شكرًا لرسالتك. نحن مغلقون الآن وسنرد عليك فور عودتنا.",
  },
  surveyQuestion: {
    en: "How satisfied are you with our service? Please reply with a number from 1 (poor) to 5 (excellent).",
    tr: "Hizmetimizden ne kadar memnun kaldınız? Lütfen 1 (kötü) ile 5 (mükemmel) arasında bir sayıyla yanıtlayın.",
    ar: "ما مدى رضاك عن خدمتنا؟ يرجى الرد برقم من 1 (ضعيف) إلى 5 (ممتاز).",
  },
  surveyThanks: {
    en: "Thank you for your feedback!",
    tr: "Geri bildiriminiz için teşekkürler!",
    ar: "شكرًا لملاحظاتك!",
  },
  optedOut: {
    en: "You will no longer receive our messages. Write to us any time to talk again.",
    tr: "Artık mesajlarımızı almayacaksınız. Yeniden konuşmak için bize istediğiniz zaman yazın.",
    ar: "لن تتلقى رسائلنا بعد الآن. راسلنا في أي وقت للتحدث مجددًا.",
  },
  /** A WhatsApp or SMS customer waiting for an agent (routing's queue), with an estimated wait; `{position}`, `{minutes}`. */
  queuePositionWait: {
    en: "You are number {position} in the queue. The estimated wait is {minutes} min. An agent will be with you soon.",
    tr: "Sırada {position}. sıradasınız. Tahmini bekleme süresi {minutes} dk. Bir temsilci birazdan sizinle olacak.",
    ar: "أنت رقم {position} في قائمة الانتظار. وقت الانتظار المتوقع {minutes} دقيقة. سيكون أحد الموظفين معك قريبًا.",
  },
  /** The same when the wait cannot be estimated yet (nothing was handed out lately). */
  queuePosition: {
    en: "You are number {position} in the queue. An agent will be with you soon.",
    tr: "Sırada {position}. sıradasınız. Bir temsilci birazdan sizinle olacak.",
    ar: "أنت رقم {position} في قائمة الانتظار. سيكون أحد الموظفين معك قريبًا.",
  },
  webchatGreeting: {
    en: "Hi! How can we help you?",
    tr: "Merhaba! Size nasıl yardımcı olabiliriz?",
    ar: "مرحبًا! كيف يمكننا مساعدتك؟",
  },
} as const satisfies Record<string, Record<Language, string>>

export type CustomerText = keyof typeof TEXTS

export const customerText = (key: CustomerText, language: Language): string => TEXTS[key][language] ?? TEXTS[key].en

/** `text` with each `{name}` replaced by its value. */
export const filledIn = (text: string, values: Readonly<Record<string, string | number>>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole))

/** The tenant's own text when it wrote one, otherwise ours in its language. */
export const ownOr = (own: string | null | undefined, key: CustomerText, language: Language) =>
  own?.trim() ? own : customerText(key, language)
