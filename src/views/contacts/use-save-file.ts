/** Hands a file a machine made (an export, a rejection report) to the browser once, then tells the machine. */
import { useEffect } from "react"
import type { ExportFile } from "../../machines/report-kit/report-machine"
import { saveFile } from "../common/save-file"

export const useSaveFile = (download: (ExportFile & { readonly id: number }) | null, saved: () => void) => {
  useEffect(() => {
    if (!download) return
    saveFile(download)
    saved()
  }, [download, saved])
}
