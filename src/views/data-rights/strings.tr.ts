import type { dataRightsEn } from "./strings"

export const dataRightsTr: typeof dataRightsEn = {
  title: "Müşteri verileri",
  export: "Verileri dışa aktar",
  exporting: "Dosya hazırlanıyor…",
  exported: "Müşterinin verileri indirildi.",
  erase: "Müşteriyi sil",
  eraseTitle: "Bu müşteri silinsin mi?",
  eraseText:
    "{{number}} hakkında tutulan her şey kalıcı olarak silinir: kişi, konuşmalar, mesajlar ve dosyaları, aramalar, siparişler, SMS, OTP, talepler ve şikâyetler. Faturalama tutarlarını numara olmadan saklar. Bu işlem geri alınamaz.",
  typeNumber: "Onaylamak için müşterinin numarasını yazın",
  eraseConfirm: "Kalıcı olarak sil",
  cancel: "Vazgeç",
  erasing: "Siliniyor…",
  erased: "Müşteri silindi ({{rows}} kayıt, {{files}} dosya).",
  failed: "Olmadı: {{message}}",
}
