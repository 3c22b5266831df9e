/** Kanal ekranlarının metinleri (`channels` altında). */
import type { channelsEn } from "./strings"

export const channelsTr: typeof channelsEn = {
  retry: "Tekrar dene",
  states: { connected: "Bağlı", not_connected: "Bağlı değil", pending: "Henüz denetlenmedi", failed: "Hata veriyor" },
  problems: { required: "{{field}} gerekli.", invalid: "{{field}} doğru görünmüyor: Meta'nın WhatsApp Yöneticisi'nde denetleyin." },
  whatsapp: {
    title: "WhatsApp",
    subtitle: "WhatsApp Business numaranızı (Cloud API) bağlayın: müşteri mesajları gelen kutusuna düşer, temsilciler buradan yanıtlar.",
    state: "Bağlantı",
    test: "Bağlantıyı dene",
    connect: "Numara bağla",
    reconnect: "Bağlantıyı değiştir",
    save: "Kaydet ve denetle",
    saved: "Kaydedildi: numara Meta'ya soruldu",
    storedToken: "Sonu {{hint}} olan bir erişim anahtarı kayıtlı. Bağlantıyı değiştirmek için onu (ya da yenisini) yeniden girin.",
    webhook: "Meta konsolu için webhook",
    webhookHelp:
      "Meta uygulamanızda WhatsApp › Yapılandırma altında bu geri çağırma adresini ve doğrulama anahtarını yapıştırın, sonra messages alanına abone olun.",
    webhookUrl: "Geri çağırma adresi",
    verifyToken: "Doğrulama anahtarı",
    fields: {
      phone_number_id: "Telefon numarası kimliği",
      waba_id: "WhatsApp Business hesap kimliği",
      display_number: "Telefon numarası",
      access_token: "Erişim anahtarı",
      app_secret: "Uygulama gizli anahtarı",
      display_name: "Görünen ad (isteğe bağlı)",
    },
    help: {
      phone_number_id: "Rakamlar; WhatsApp Yöneticisi › Telefon numaraları'ndan (numaranın kendisi değil).",
      waba_id: "Rakamlar; WhatsApp Yöneticisi › Hesap araçları'ndan.",
      display_number: "Müşterilerin yazdığı numara, ülke koduyla.",
      access_token: "whatsapp_business_messaging izinli bir sistem kullanıcısının kalıcı anahtarı.",
      app_secret: "Meta uygulamanızın gizli anahtarı (Uygulama ayarları › Temel): her webhook imzasını denetler.",
      display_name: "Boş: Meta'nın verdiği doğrulanmış ad.",
    },
  },
  meta: {
    facebook: {
      title: "Facebook sayfaları",
      subtitle: "Facebook oturumunuzu bağlayın, sonra Messenger konuşmaları gelen kutusuna düşecek sayfaları seçin.",
      connect: "Facebook'u bağla",
      reconnect: "Yeniden bağla (yeni anahtar)",
      pages: "Oturumun sayfaları",
      noPages: "Bu oturum hiçbir sayfayı yönetmiyor.",
      webhookHelp:
        "Meta uygulamanızda Messenger › Ayarlar › Webhook'lar altında bu geri çağırma adresini ve doğrulama anahtarını yapıştırın, sonra messages alanına abone olun.",
    },
    instagram: {
      title: "Instagram",
      subtitle: "Facebook oturumunuzu bağlayın, sonra doğrudan mesajları gelen kutusuna düşecek Instagram işletme hesaplarını seçin.",
      connect: "Instagram'ı bağla",
      reconnect: "Yeniden bağla (yeni anahtar)",
      pages: "Oturumun sayfalarındaki Instagram hesapları",
      noPages: "Bu oturumun hiçbir sayfasında Instagram işletme hesabı yok.",
      webhookHelp:
        "Meta uygulamanızda Instagram › Webhook'lar altında bu geri çağırma adresini ve doğrulama anahtarını yapıştırın, sonra messages alanına abone olun.",
    },
    loggedInAs: "{{name}} olarak bağlı",
    save: "Bağla ve listele",
    subscribed: "Abone",
    notSubscribed: "Abone değil",
    subscribe: "Abone ol",
    unsubscribe: "Aboneliği bitir",
    fields: { access_token: "Oturum erişim anahtarı", app_secret: "Uygulama gizli anahtarı" },
    help: {
      access_token: "Facebook Login'den pages_messaging (Instagram için instagram_manage_messages) izinli bir kullanıcı anahtarı.",
      app_secret: "Meta uygulamanızın gizli anahtarı (Uygulama ayarları › Temel): her webhook imzasını denetler.",
    },
    problems: { required: "{{field}} gerekli.", invalid: "{{field}} doğru görünmüyor: Meta uygulamanızda denetleyin." },
  },
}
