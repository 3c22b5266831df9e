/**
 * The words a transcript file shows, in the console's three languages (the caller's language picks them). The file is
 * read away from the console, so its headings travel with it rather than as keys.
 */
import type { TranscriptLanguage } from "../../../src/contract/groups/transcripts"
import type { ConversationEventKind } from "../chat"

export type EntryKind = "message" | "event" | "call" | "note"

export interface Labels {
  readonly title: string
  readonly customer: string
  readonly number: string
  readonly channel: string
  readonly agent: string
  readonly started: string
  readonly closed: string
  readonly timeZone: string
  readonly columns: {
    readonly time: string
    readonly kind: string
    readonly direction: string
    readonly sender: string
    readonly agent: string
    readonly text: string
    readonly attachments: string
  }
  readonly kinds: Record<EntryKind, string>
  readonly inbound: string
  readonly outbound: string
  readonly bot: string
  readonly system: string
  readonly nobody: string
  readonly attachments: string
  readonly events: Record<ConversationEventKind, (agent: string, from: string) => string>
  readonly call: (type: string, status: string, duration: string, agent: string) => string
  readonly note: string
}

const en: Labels = {
  title: "Conversation transcript",
  customer: "Customer",
  number: "Number",
  channel: "Channel",
  agent: "Agent",
  started: "Started",
  closed: "Closed",
  timeZone: "Time zone",
  columns: {
    time: "Time",
    kind: "Kind",
    direction: "Direction",
    sender: "Sender",
    agent: "Agent",
    text: "Text",
    attachments: "Attachments",
  },
  kinds: { message: "Message", event: "Event", call: "Call", note: "Note" },
  inbound: "Inbound",
  outbound: "Outbound",
  bot: "Bot",
  system: "System",
  nobody: "nobody",
  attachments: "Attachments",
  events: {
    opened: () => "Conversation opened",
    assigned: (agent) => `Assigned to ${agent}`,
    transferred: (agent, from) => `Transferred from ${from} to ${agent}`,
    released: (agent) => `Released to the queue by ${agent}`,
    closed: (agent) => `Closed by ${agent}`,
  },
  call: (type, status, duration, agent) => `Voice call (${type}), ${status}, ${duration}${agent ? `, answered by ${agent}` : ""}`,
  note: "Closing note",
}

const tr: Labels = {
  title: "Görüşme dökümü",
  customer: "Müşteri",
  number: "Numara",
  channel: "Kanal",
  agent: "Temsilci",
  started: "Başlangıç",
  closed: "Kapanış",
  timeZone: "Saat dilimi",
  columns: {
    time: "Zaman",
    kind: "Tür",
    direction: "Yön",
    sender: "Gönderen",
    agent: "Temsilci",
    text: "Metin",
    attachments: "Ekler",
  },
  kinds: { message: "Mesaj", event: "Olay", call: "Arama", note: "Not" },
  inbound: "Gelen",
  outbound: "Giden",
  bot: "Bot",
  system: "Sistem",
  nobody: "kimse",
  attachments: "Ekler",
  events: {
    opened: () => "Görüşme açıldı",
    assigned: (agent) => `${agent} temsilcisine atandı`,
    transferred: (agent, from) => `${from} temsilcisinden ${agent} temsilcisine aktarıldı`,
    released: (agent) => `${agent} tarafından kuyruğa bırakıldı`,
    closed: (agent) => `${agent} tarafından kapatıldı`,
  },
  call: (type, status, duration, agent) => `Sesli arama (${type}), ${status}, ${duration}${agent ? `, yanıtlayan: ${agent}` : ""}`,
  note: "Kapanış notu",
}

const ar: Labels = {
  title: "نص المحادثة",
  customer: "العميل",
  number: "الرقم",
  channel: "القناة",
  agent: "الموظف",
  started: "البداية",
  closed: "الإغلاق",
  timeZone: "المنطقة الزمنية",
  columns: {
    time: "الوقت",
    kind: "النوع",
    direction: "الاتجاه",
    sender: "المرسل",
    agent: "الموظف",
    text: "النص",
    attachments: "المرفقات",
  },
  kinds: { message: "رسالة", event: "حدث", call: "مكالمة", note: "ملاحظة" },
  inbound: "وارد",
  outbound: "صادر",
  bot: "روبوت",
  system: "النظام",
  nobody: "لا أحد",
  attachments: "المرفقات",
  events: {
    opened: () => "فُتحت المحادثة",
    assigned: (agent) => `أُسندت إلى ${agent}`,
    transferred: (agent, from) => `حُوّلت من ${from} إلى ${agent}`,
    released: (agent) => `أعادها ${agent} إلى قائمة الانتظار`,
    closed: (agent) => `أغلقها ${agent}`,
  },
  call: (type, status, duration, agent) => `مكالمة صوتية (${type})، ${status}، ${duration}${agent ? `، أجاب عليها ${agent}` : ""}`,
  note: "ملاحظة الإغلاق",
}

export const LABELS: Record<TranscriptLanguage, Labels> = { en, tr, ar }
