/**
 * A transcript as a PDF (pdfkit). The text is DejaVu Sans, embedded as a subset: one font with Latin, Turkish and
 * Arabic glyphs and Arabic joining forms, shipped by the `dejavu-fonts-ttf` package rather than read from the
 * machine's fonts. Right-to-left paragraphs are laid out by bidi-lines.ts and aligned to the right.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { create } from "fontkit"
import PDFDocument from "pdfkit"
import type { Labels } from "./labels"
import { layoutParagraph } from "./bidi-lines"
import type { Entry, Transcript } from "./transcript-entries"
import { wallClock } from "./wall-clock"

const require = createRequire(import.meta.url)
type Font = ReturnType<typeof create>
let fonts: { regular: Font; bold: Font } | null = null
/** Parsed once per process (a quarter second each): pdfkit takes a fontkit font as it is and subsets it per file. */
const fontsOf = () => {
  const font = (file: string) => create(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`)))
  fonts ??= { regular: font("DejaVuSans.ttf"), bold: font("DejaVuSans-Bold.ttf") }
  return fonts
}

const MARGIN = 48
const GREY = "#5c6670"
const INK = "#1c2127"

type Doc = PDFKit.PDFDocument
/** Lays a run out whole, with the font's default features (see bidi-lines.ts). */
const WHOLE = { features: [] as PDFKit.Mixins.OpenTypeFeatures[] }

/** Draws `text` (line breaks kept) at the page's width in the current font, turning the page when it is full. */
const paragraph = (doc: Doc, text: string, options: { size: number; color?: string; gap?: number } = { size: 10 }) => {
  doc.fontSize(options.size).fillColor(options.color ?? INK)
  const left = doc.page.margins.left
  const width = doc.page.width - left - doc.page.margins.right
  const lineHeight = doc.currentLineHeight(true)
  const measure = (s: string) => doc.widthOfString(s, WHOLE)
  for (const part of text.split(/\r?\n/)) {
    for (const line of layoutParagraph(part, width, measure)) {
      if (doc.y + lineHeight > doc.page.height - doc.page.margins.bottom) doc.addPage()
      const lineWidth = line.runs.reduce((w, r) => w + measure(r.text), 0)
      let x = line.rtl ? left + width - lineWidth : left
      const y = doc.y
      for (const run of line.runs) {
        doc.text(run.text, x, y, { ...WHOLE, lineBreak: false })
        x += measure(run.text)
      }
      doc.x = left
      doc.y = y + lineHeight
    }
  }
  doc.y += options.gap ?? 0
}

const metaOf = (e: Entry, l: Labels, zone: string) => {
  const direction = e.direction === "inbound" ? l.inbound : e.direction === "outbound" ? l.outbound : l.kinds[e.kind]
  return [wallClock(e.at, zone), direction, e.sender].filter(Boolean).join(" · ")
}

/** The transcript's PDF; times in the tenant's time zone `zone`. */
export const transcriptPdf = (t: Transcript, l: Labels, zone: string): Promise<Buffer> => {
  const c = t.record.conversation
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    info: { Title: `${l.title}: ${c.name ?? c.number}`, Creator: "Messaging console" },
  })
  const chunks: Buffer[] = []
  doc.on("data", (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)))
    doc.on("error", reject)
  })
  const { regular, bold } = fontsOf()
  // pdfkit's types name paths and bytes only; its font factory also takes a parsed fontkit font.
  doc.registerFont("regular", regular as unknown as Buffer)
  doc.registerFont("bold", bold as unknown as Buffer)
  doc.font("bold")
  paragraph(doc, l.title, { size: 16, gap: 6 })
  doc.font("regular")
  const head: [string, string][] = [
    [l.customer, c.name ?? c.number],
    [l.number, c.number],
    [l.channel, c.channel_type],
    [l.agent, c.agent_name ?? l.nobody],
    [l.started, wallClock(c.started_at, zone)],
    [l.closed, c.closed_at ? wallClock(c.closed_at, zone) : "-"],
    [l.timeZone, zone],
  ]
  for (const [label, value] of head) paragraph(doc, `${label}: ${value}`, { size: 10 })
  doc.y += 10
  for (const e of t.entries) {
    paragraph(doc, metaOf(e, l, zone), { size: 8, color: GREY })
    if (e.text) paragraph(doc, e.text, { size: 10 })
    if (e.attachments.length > 0) paragraph(doc, `${l.attachments}: ${e.attachments.join(", ")}`, { size: 9, color: GREY })
    doc.y += 6
  }
  doc.end()
  return done
}
