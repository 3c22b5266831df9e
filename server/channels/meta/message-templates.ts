/**
 * A WhatsApp Business Account's message templates as the Graph API lists them (`GET /{waba-id}/message_templates`,
 * `components` in Meta's format: HEADER with `format` and `text`, BODY with `text` and `example.body_text`, FOOTER,
 * BUTTONS of QUICK_REPLY / URL / PHONE_NUMBER), read page after page through `paging.cursors.after`.
 */
import { type GraphRequest, graphCall } from "./graph-client"

export interface MetaTemplate {
  readonly name: string
  readonly language: string
  readonly status: string
  readonly category: string
  readonly header_type: "text" | "image" | "video" | "document" | null
  readonly header: string | null
  readonly body: string
  readonly body_examples: string[]
  readonly footer: string | null
  readonly buttons: { type: "QUICK_REPLY" | "URL" | "PHONE_NUMBER"; text: string; value?: string }[]
}

type Component = {
  type?: string
  format?: string
  text?: string
  example?: { body_text?: string[][] }
  buttons?: { type?: string; text?: string; url?: string; phone_number?: string }[]
}
type Listed = { name?: string; language?: string; status?: string; category?: string; components?: Component[] }

const HEADERS = new Set(["text", "image", "video", "document"])
const BUTTONS = new Set(["QUICK_REPLY", "URL", "PHONE_NUMBER"])

/** One listed template in our shape; null when it has no body (Meta lists nothing without one). */
export const templateOfMeta = (t: Listed): MetaTemplate | null => {
  const part = (type: string) => t.components?.find((c) => c.type === type)
  const body = part("BODY")?.text
  if (!t.name || !body) return null
  const header = part("HEADER")
  const format = header?.format?.toLowerCase() ?? null
  return {
    name: t.name,
    language: t.language ?? "en",
    status: (t.status ?? "PENDING").toUpperCase(),
    category: (t.category ?? "UTILITY").toUpperCase(),
    header_type: format && HEADERS.has(format) ? (format as MetaTemplate["header_type"]) : null,
    header: header?.text ?? null,
    body,
    body_examples: part("BODY")?.example?.body_text?.[0] ?? [],
    footer: part("FOOTER")?.text ?? null,
    buttons: (part("BUTTONS")?.buttons ?? [])
      .filter((b) => b.type && BUTTONS.has(b.type) && b.text)
      .map((b) => ({
        type: b.type as "QUICK_REPLY" | "URL" | "PHONE_NUMBER",
        text: String(b.text),
        ...(b.url || b.phone_number ? { value: String(b.url ?? b.phone_number) } : {}),
      })),
  }
}

const MAX_PAGES = 50

type TemplatePage = { data?: Listed[]; paging?: { cursors?: { after?: string }; next?: string } }

/** Every template of the account (at most 50 pages of 100). */
export const listMessageTemplates = async (graph: Omit<GraphRequest, "method" | "path">, wabaId: string): Promise<MetaTemplate[]> => {
  const out: MetaTemplate[] = []
  let after: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: URLSearchParams = new URLSearchParams({
      fields: "name,language,status,category,components",
      limit: "100",
      ...(after ? { after } : {}),
    })
    const answer: TemplatePage = await graphCall<TemplatePage>({
      ...graph,
      method: "GET",
      path: `${wabaId}/message_templates?${query}`,
    })
    for (const listed of answer.data ?? []) {
      const template = templateOfMeta(listed)
      if (template) out.push(template)
    }
    after = answer.paging?.next ? (answer.paging.cursors?.after ?? null) : null
    if (!after) break
  }
  return out
}
