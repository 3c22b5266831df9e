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
}
