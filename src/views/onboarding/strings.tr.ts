/** Registration of a business and the public pages (Turkish). */
import type { OnboardingStrings } from "./strings"

export const onboardingTr: OnboardingStrings = {
  register: {
    title: "İşletmenizi kaydedin",
    subtitle: "Kim olduğunuzu anlatın ve bunu gösteren bir belge gönderin. Her başvuruyu inceliyoruz; onaylanınca giriş yapabilirsiniz.",
    businessName: "İşletme adı",
    email: "İşletme e-postası",
    phone: "Telefon",
    country: "Ülke",
    chooseCountry: "Bir ülke seçin",
    username: "Yönetici kullanıcı adı",
    usernameHelp: "Küçük harf, rakam, nokta, tire veya alt çizgi (3 ile 40 arası).",
    password: "Parola",
    passwordHelp: "En az 8 karakter.",
    documents: "Belgeler",
    documentsHelp: "PDF, PNG veya JPEG, her biri en fazla 10 MiB, en çok 5 belge.",
    documentType: "Belge türü",
    addDocument: "Belge yükle",
    uploading: "Yükleniyor…",
    remove: "Kaldır",
    submit: "Kaydol",
    submitting: "Kaydediliyor…",
    loadFailed: "Form yüklenemedi: {{message}}",
    retry: "Tekrar dene",
    failed: "Kayıt yapılamadı: {{message}}",
    uploadFailed: "Belge yüklenemedi: {{message}}",
    done: "Teşekkürler! {{name}} kaydedildi ve incelenmeyi bekliyor. Onaylanınca {{email}} adresine yazacağız; ardından {{username}} olarak giriş yapın.",
    toLogin: "Girişe dön",
    privacy: "Verilerinizi nasıl işliyoruz",
    problems: {
      nameRequired: "İşletmenin adını girin.",
      emailInvalid: "Geçerli bir e-posta adresi girin.",
      phoneInvalid: "Telefon numarasını ülke koduyla, yalnızca rakam olarak girin.",
      countryRequired: "Ülkeyi seçin.",
      usernameInvalid: "Kullanıcı adında küçük harf, rakam, nokta, tire ve alt çizgi olabilir (3 ile 40 arası).",
      passwordShort: "Parola en az 8 karakter olmalı.",
      documentRequired: "En az bir belge yükleyin.",
      documentType: "Yalnızca PDF, PNG veya JPEG dosyaları yüklenebilir.",
      documentSize: "Bir belge en fazla 10 MiB olabilir.",
      tooManyDocuments: "En çok 5 belge.",
    },
  },
  webhook: {
    title: "Web hook ayarı",
    subtitle: "Bu işletmenin her olayını (mesajlar, görüşmeler, aramalar, talepler) alan, doğrulama anahtarınızla imzalanan tek adresiniz.",
    url: "Webhook adresi",
    token: "Doğrulama anahtarı",
    tokenHelp: "8 ile 200 karakter; her gönderimi imzalar. Bir şeyi değiştirmek için yeniden yazın.",
    current: "Şu an {{url}} adresine, {{hint}} anahtarıyla imzalanarak gönderiliyor ({{when}} tarihinden beri).",
    none: "Henüz webhook ayarlanmadı.",
    save: "Kaydet",
    saved: "Webhook kaydedildi.",
    loadFailed: "Webhook yüklenemedi: {{message}}",
    retry: "Tekrar dene",
    failed: "Kaydedilmedi: {{message}}",
    problems: {
      urlInvalid: "https:// ile başlayan tam adresi girin.",
      tokenShort: "Doğrulama anahtarı 8 ile 200 karakter olmalı.",
    },
  },
  documentTypes: { trade_license: "Ticaret sicil belgesi", tax_certificate: "Vergi levhası", identity: "Kimlik belgesi", other: "Diğer" },
  privacy: {
    title: "Gizlilik politikası",
    sections: [
      {
        heading: "Neleri saklıyoruz",
        text: "Her işletme için: adı, e-postası, telefonu, ülkesi, adresi ve web sitesi, kayıt olurken yüklediği belgeler, kullanıcılarının adları, e-posta adresleri ve giriş geçmişi. Müşterileri için: işletmenin temsilcilerinin konsolda yürüttüğü görüşmeler, mesajlar, dosyalar, iletişim bilgileri ve talepler.",
      },
      {
        heading: "Neden",
        text: "Konsolu işletme için çalıştırmak: mesajlarını iletmek ve saklamak, görüşmeleri temsilcilerine yönlendirmek, raporlarını üretmek, gönderdiklerini faturalamak ve işletme giriş yapmadan önce başvurusunu incelemek.",
      },
      {
        heading: "Kimler görür",
        text: "Bir işletmenin verilerini, yöneticisinin verdiği rollere göre kendi kullanıcıları ve bir başvuruyu incelerken ya da işletmeye destek verirken platform yöneticileri görür. Mesajlar işletmenin bağladığı kanallara (WhatsApp, Messenger, Instagram, SMS, e-posta) gider. Webhook'lar olayları yalnızca işletmenin ayarladığı adreslere gönderir.",
      },
      {
        heading: "Ne kadar süre",
        text: "İşletme konsolu kullandığı sürece. Silinen bir işletme, bir hata geri alınabilsin diye {{days}} gün saklanır, sonra tüm verileriyle birlikte kaldırılır. Hiçbir başvurunun sahiplenmediği kayıt belgeleri bir gün sonra silinir.",
      },
      {
        heading: "Haklarınız",
        text: "Bir işletmenin yöneticisi bilgilerini şirket sayfalarında her zaman düzeltebilir. Verilerinizin bir kopyasını almak veya silinmesini istemek için işletmenin e-posta adresinden platform işletmecisine yazın.",
      },
    ],
  },
  btw: {
    title: "BTW (KDV)",
    sections: [
      {
        heading: "Konsoldaki tutarlar",
        text: "Bakiyeler, yüklemeler ve şablon mesajı ile SMS fiyatları BTW (KDV) hariç gösterilir.",
      },
      {
        heading: "BTW nasıl uygulanır",
        text: "BTW, platform işletmecisinin faturalarına işletmenin kayıtta belirttiği ülkeye göre eklenir. AB'nin başka bir ülkesinde KDV mükellefi olan bir işletme tersine vergilendirme kuralıyla faturalanabilir; bu durumda BTW'yi kendisi beyan eder.",
      },
      {
        heading: "Sizden ne istiyoruz",
        text: "Kaydolurken vergi levhanızı yükleyin (belge türü “Vergi levhası”) ve faturalarınız doğru bilgileri taşısın diye şirket profilinde ülkenizi ve adresinizi güncel tutun.",
      },
    ],
  },
  example: {
    title: "Entegrasyon örneği",
    intro:
      "İşletmenin kendi sistemleri konsoldan nasıl haber alır: her olay, işletmenin ayarladığı webhook'a doğrulama anahtarıyla imzalanmış JSON olarak POST edilir.",
    requestHeading: "Bir gönderim",
    verifyHeading: "İmzayı doğrulamak",
    verifyText:
      "Doğrulama anahtarını anahtar olarak kullanıp “zaman damgası.gövde” üzerinde HMAC-SHA256 hesaplayın ve imza başlığıyla sabit sürede karşılaştırın; zaman damgası saatinizden çok uzak bir gönderimi reddedin ve zaten işlediğiniz bir olayı olay kimliğiyle atlayın.",
  },
}
