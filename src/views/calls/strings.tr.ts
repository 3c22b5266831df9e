/** Turkish strings of src/i18n/calls.ts, in their own module so the login bundle carries English only. */
import type { callsEn } from "./strings"

export const callsTr: typeof callsEn = {
  incoming: "Gelen WhatsApp araması",
  outgoing: "Giden WhatsApp araması",
  unknown: "Bilinmiyor",
  ringsFor: "{{seconds}} sn sonra otomatik reddedilecek",
  dial: { open: "Müşteriyi ara", number: "Müşteri numarası", call: "Ara" },
  accept: "Kabul et",
  reject: "Reddet",
  end: "Aramayı bitir",
  mute: "Sessize al",
  unmute: "Sesi aç",
  hide: "Gizle",
  hiddenCalls: "Gizli aramalar ({{count}})",
  restore: "Göster",
  quickReply: "Hızlı yanıt",
  customMessage: "Özel mesaj...",
  customTitle: "{{number}} numarasına mesaj gönder",
  customPlaceholder: "Mesajınızı yazın",
  send: "Gönder",
  cancel: "İptal",
  connecting: "Bağlanıyor…",
  tone: "Arama sesi",
  replies: {
    busy: "Başka bir görüşmedeyim, kısa süre içinde sizi arayacağım.",
    later: "Bugün daha sonra konuşabilir miyiz?",
    message: "Lütfen sorunuzu bize mesaj olarak gönderin.",
  },
  notice: {
    microphone: "Lütfen mikrofonu etkinleştirin",
    microphoneAccess: "Lütfen mikrofon erişimini etkinleştirin",
    anotherOutgoing: "Başka bir giden arama zaten etkin",
    anotherActive: "Başka bir aramayı kabul etmeden önce mevcut aramayı bitirin.",
    sent: "Başarıyla gönderildi!",
    sendFailed: "Mesaj gönderilemedi.",
  },
}
