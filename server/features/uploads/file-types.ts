/**
 * What an upload may be: the media types the channels deliver (WhatsApp's list: images up to 5 MiB, audio, video and
 * documents up to 16 MiB here, the inline-JSON ceiling), and how the bytes are served back. Anything that a browser
 * would run (HTML, SVG, scripts) is refused, and declared images, PDFs and MP4s must start like one.
 */
const MiB = 1024 * 1024

export type FileKind = "image" | "video" | "audio" | "document"

interface FileType {
  readonly kind: FileKind
  readonly maxBytes: number
  /** Shown in the page (<img>, <video>, the PDF viewer) rather than saved. */
  readonly inline: boolean
  readonly looksLike?: (bytes: Buffer) => boolean
}

const startsWith =
  (...sig: number[]) =>
  (b: Buffer) =>
    sig.every((byte, i) => b[i] === byte)
const ascii =
  (text: string, at = 0) =>
  (b: Buffer) =>
    b.subarray(at, at + text.length).toString("latin1") === text

const image = (looksLike: (b: Buffer) => boolean): FileType => ({
  kind: "image",
  maxBytes: 5 * MiB,
  inline: true,
  looksLike,
})
const media = (kind: "video" | "audio", looksLike?: (b: Buffer) => boolean): FileType => ({
  kind,
  maxBytes: 16 * MiB,
  inline: true,
  looksLike,
})
const document = (inline = false, looksLike?: (b: Buffer) => boolean): FileType => ({
  kind: "document",
  maxBytes: 16 * MiB,
  inline,
  looksLike,
})

export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  "image/jpeg": image(startsWith(0xff, 0xd8, 0xff)),
  "image/png": image(startsWith(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)),
  "image/gif": image(ascii("GIF8")),
  "image/webp": image((b) => ascii("RIFF")(b) && ascii("WEBP", 8)(b)),
  "video/mp4": media("video", ascii("ftyp", 4)),
  "video/3gpp": media("video", ascii("ftyp", 4)),
  "video/webm": media("video", startsWith(0x1a, 0x45, 0xdf, 0xa3)),
  "audio/aac": media("audio"),
  "audio/amr": media("audio"),
  "audio/mpeg": media("audio"),
  "audio/mp4": media("audio"),
  "audio/ogg": media("audio", ascii("OggS")),
  "audio/webm": media("audio", startsWith(0x1a, 0x45, 0xdf, 0xa3)),
  "application/pdf": document(true, ascii("%PDF-")),
  "text/plain": document(),
  "text/csv": document(),
  "application/msword": document(),
  "application/vnd.ms-excel": document(),
  "application/vnd.ms-powerpoint": document(),
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": document(),
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": document(),
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": document(),
  "application/zip": document(),
}

export const fileTypeOf = (mime: string): FileType | undefined => FILE_TYPES[mime.toLowerCase()]

/** `inline` or `attachment` with the name in both the ASCII and the RFC 5987 forms, so any file name survives. */
export const contentDispositionOf = (mime: string, name: string) => {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, "_")
  const kind = fileTypeOf(mime)?.inline ? "inline" : "attachment"
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`
}
