/** Turkish strings of transcripts (key `transcripts`). */
import type { transcriptsEn } from "./strings"

export const transcriptsTr: typeof transcriptsEn = {
  download: "Görüşme dökümünü indir",
  pdf: "PDF olarak döküm",
  csv: "CSV olarak döküm",
  export: "Dökümleri dışa aktar",
  progress: "{{total}} görüşmeden {{done}} tanesi",
  ready: "{{count}} görüşmenin dökümü hazır",
  downloadZip: "Zip dosyasını indir",
  dismiss: "Kapat",
  failed: "Dökümler hazırlanamadı: {{message}}",
}
