/**
 * Hands a file a machine made (an export, a report of rejected rows) to the browser's downloads: a Blob through a
 * temporary link, DOM work a machine cannot do. A streamed export already is a Blob (of parts) and is used as it is.
 */
import type { ExportFile } from "../../machines/report-kit/report-machine"

export const saveFile = (file: ExportFile) => {
  const blob =
    file.content instanceof Blob && file.content.type === file.mime ? file.content : new Blob([file.content], { type: file.mime })
  const url = URL.createObjectURL(blob)
  const link = document.createElement("a")
  link.href = url
  link.download = file.filename
  document.body.appendChild(link)
  link.click()
  link.remove()
  // Chromium reads a large Blob for the download after click(): revoke late (a minute) so a 130 MiB file is not cut off.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
