/** The SLA report file's headings in the console's three languages: the file is read away from the console. */
import type { SlaMetric, SlaReportBy } from "../../../src/contract/groups/sla"

export type CsvLanguage = "en" | "tr" | "ar"

interface Labels {
  readonly by: Record<SlaReportBy, string>
  readonly metric: string
  readonly metrics: Record<SlaMetric, string>
  readonly achieved: string
  readonly breached: string
  readonly open: string
  readonly percent: string
  /** A row without an agent (nobody held the conversation). */
  readonly none: string
}

export const csvLabels: Record<CsvLanguage, Labels> = {
  en: {
    by: { policy: "Policy", agent: "Agent", channel: "Channel" },
    metric: "Target",
    metrics: { first_response: "First response", next_response: "Next response", resolution: "Resolution" },
    achieved: "Achieved",
    breached: "Breached",
    open: "Open",
    percent: "Achieved %",
    none: "Unassigned",
  },
  tr: {
    by: { policy: "Politika", agent: "Temsilci", channel: "Kanal" },
    metric: "Hedef",
    metrics: { first_response: "İlk yanıt", next_response: "Sonraki yanıt", resolution: "Çözüm" },
    achieved: "Karşılandı",
    breached: "Aşıldı",
    open: "Açık",
    percent: "Karşılanma %",
    none: "Atanmamış",
  },
  ar: {
    by: { policy: "السياسة", agent: "الموظف", channel: "القناة" },
    metric: "الهدف",
    metrics: { first_response: "الرد الأول", next_response: "الرد التالي", resolution: "الحل" },
    achieved: "تم تحقيقه",
    breached: "تم تجاوزه",
    open: "مفتوح",
    percent: "نسبة التحقيق %",
    none: "غير مُسند",
  },
}
