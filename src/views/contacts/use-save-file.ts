/** Hands a file a machine made (an export, a rejection report) to the browser once, then tells the machine. */
import { useEffect } from "react"
import type { ExportFile } from "../../machines/report-kit/report-machine"

export const useSaveFile = (download: (ExportFile & { readonly id: number }) | null, saved: () => void) => {
  useEffect(() => {
    if (!download) return
    const blob = download.content instanceof Blob ? download.content : new Blob([download.content], { type: download.mime })
    const url = URL.createObjectURL(blob)
    const link = document.createElement("a")
    link.href = url
    link.download = download.filename
    document.body.appendChild(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
    saved()
  }, [download, saved])
}
