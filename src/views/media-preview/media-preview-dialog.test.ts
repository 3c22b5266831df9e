/**
 * The media preview's last branch: a message of a kind the dialog does not know says 'Unsupported media type' (spec
 * 000 section 2), in every language. Rendered as a component (react-dom/server) because no server answer can reach
 * it: the contract's CallMessage admits only text, image, video, document and interactive, so the console's decoding
 * refuses a call record with any other kind before a row exists to open (the browser suite covers the five known
 * kinds against the running console).
 */
import { describe, expect, it } from "vitest"
import { createElement } from "react"
import { renderToStaticMarkup } from "react-dom/server"
import i18next from "i18next"
import { I18nextProvider, initReactI18next } from "react-i18next"
import { Schema } from "effect"
import { CallMessage } from "../../contract/schemas/reports"
import { MediaBody } from "./MediaPreviewDialog"
import { mediaPreviewEn } from "./strings"
import { mediaPreviewAr } from "./strings.ar"
import { mediaPreviewTr } from "./strings.tr"

const render = async (language: string, message: CallMessage) => {
  const i18n = i18next.createInstance()
  await i18n.use(initReactI18next).init({
    lng: language,
    resources: {
      en: { translation: { mediaPreview: mediaPreviewEn } },
      tr: { translation: { mediaPreview: mediaPreviewTr } },
      ar: { translation: { mediaPreview: mediaPreviewAr } },
    },
    interpolation: { escapeValue: false },
  })
  return renderToStaticMarkup(createElement(I18nextProvider, { i18n }, createElement(MediaBody, { message })))
}

const unknownKind = {
  message_type: "audio",
  message_body: "https://example.test/voice.ogg",
  attachments: [],
  interactive: null,
} as unknown as CallMessage

describe("media preview dialog", () => {
  it("an unknown kind is unreachable through the contract: the schema refuses it", () => {
    expect(Schema.decodeUnknownExit(CallMessage)(unknownKind)._tag).toBe("Failure")
  })

  it.each([
    ["en", "Unsupported media type"],
    ["tr", "Desteklenmeyen medya türü"],
    ["ar", "نوع وسائط غير مدعوم"],
  ])("says so for a kind it does not know (%s)", async (language, text) => {
    const html = await render(language, unknownKind)
    expect(html).toContain('data-testid="media-unsupported"')
    expect(html).toContain(text)
  })

  it("shows the known kinds with their own parts, not the unsupported notice", async () => {
    const text = await render("en", {
      message_type: "text",
      message_body: "Hello there",
      attachments: [],
      interactive: null,
    })
    expect(text).toContain('data-testid="media-text"')
    expect(text).toContain("Hello there")
    const document = await render("en", {
      message_type: "document",
      message_body: "https://example.test/a.pdf",
      attachments: [{ name: "filename", value: "invoice.pdf" }],
      interactive: null,
    })
    expect(document).toContain("invoice.pdf")
    expect(document).toContain("Loading document, please wait...")
    for (const html of [text, document]) expect(html).not.toContain("media-unsupported")
  })
})
