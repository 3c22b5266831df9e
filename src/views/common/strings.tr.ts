import type { commonEn } from "./strings"

/** Turkish strings every page can show (app frame, errors, alerts, failures). */
export const commonTr: typeof commonEn = {
  app: {
    name: "Mesajlaşma Konsolu",
    tagline: "Müşteri konuşmaları, aramalar ve kampanyalar tek yerde",
    loading: "Yükleniyor…",
    notAvailableTitle: "Henüz kullanılamıyor",
    notAvailableBody: "Bu ekran konsolun bir parçası ancak henüz hazırlanmadı. Burada örnek veri gösterilmez.",
    notAvailableSection: "Bölüm: {{section}}",
    backHome: "Başlangıç sayfasına git",
    landingTitle: "Hoş geldiniz, {{name}}",
    landingBody: "Menüden bir sayfa seçin. Hesabınızın bir panosu yok.",
    landingEmpty: "Hesabınıza henüz sayfa atanmadı. Erişim için bir yöneticiye başvurun.",
    skipToContent: "Ana içeriğe geç",
    copyright: "© {{year}} Mesajlaşma Konsolu",
  },
  failure: {
    notImplemented: "Sunucu bunu henüz sunmuyor ({{call}}).",
    failed: "İstek başarısız oldu",
  },
  errors: {
    renderFailure: "404 Sayfa Bulunamadı",
    renderFailureBody: "Bu sayfadaki bir öğe görüntülenemedi.",
    notFoundTitle: "404 Sayfa Bulunamadı",
    notFoundBody: "Aradığınız sayfa mevcut değil.",
    offlineTitle: "İnternet bağlantısı yok",
    offlineBody: "Bağlantınızı kontrol edin; konsol kendiliğinden yeniden bağlanır.",
    retry: "Tekrar dene",
  },
  enums: {
    channel: { whatsapp: "WhatsApp", facebook: "Facebook", instagram: "Instagram", sms: "SMS", webchat: "Web sohbeti" },
    callStatus: {
      RINGING: "Çalıyor",
      ACCEPTED: "Görüşmede",
      COMPLETED: "Tamamlandı",
      MISSED: "Cevapsız",
      REJECTED: "Reddedildi",
      REFUSED: "Geri çevrildi",
      failed: "Başarısız",
    },
    campaignStatus: {
      draft: "Taslak",
      scheduled: "Zamanlandı",
      running: "Gönderiliyor",
      paused: "Duraklatıldı",
      completed: "Tamamlandı",
      stopped: "Durduruldu",
      failed: "Başarısız",
    },
    messageStatus: {
      queued: "Sırada",
      pending: "Bekliyor",
      sent: "Gönderildi",
      delivered: "İletildi",
      read: "Okundu",
      failed: "Başarısız",
      received: "Alındı",
    },
  },
  duration: { seconds: "{{s}} sn", hms: "{{h}} sa {{m}} dk {{s}} sn" },
  alerts: {
    sessionReplaced: "Başka bir cihazda zaten oturum açtınız. Lütfen birkaç dakika bekleyip tekrar deneyin.",
    sessionExpired: "Oturumunuzun süresi doldu, lütfen tekrar giriş yapın",
    missingClientToken: "Kimlik doğrulama belirteci olmadan uzak servis çağrılamaz",
    missingUserToken: "Kullanıcı kimlik doğrulama belirteci olmadan uzak servis çağrılamaz",
  },
}
