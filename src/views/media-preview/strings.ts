/**
 * The media preview's strings (merged into en/tr/ar under `mediaPreview`): a message's text, image, video, document
 * or interactive parts, opened from the chat, the conversation history and the call history. The spec's own English
 * is kept exactly: 'Failed to load image', 'Open Original Link', 'Loading document, please wait...', 'Unsupported
 * media type'.
 */
export const mediaPreviewEn = {
  title: "Message",
  text: "Text",
  imageAlt: "Image message",
  failedImage: "Failed to load image",
  openOriginal: "Open Original Link",
  openNewTab: "Open in New Tab",
  openViewer: "Open in document viewer",
  loadingDocument: "Loading document, please wait...",
  header: "Header",
  body: "Body",
  footer: "Footer",
  buttons: "Buttons",
  type: "Type",
  headerType: "Header type",
  unsupported: "Unsupported media type",
}

/** What a translation of these strings must provide: the same keys, any wording. */
export type MediaPreviewStrings = typeof mediaPreviewEn
