import type { ipWhitelistEn } from "./strings"

export const ipWhitelistTr: typeof ipWhitelistEn = {
  title: "IP izin listesi",
  subtitle: "API anahtarınızın ve istemci jetonunuzun kullanılabileceği adresler ve aralıklar. Boş liste her adrese izin verir.",
  new: "Adres ekle",
  edit: "Adresi düzenle",
  search: "Ara",
  address: "Adres veya aralık",
  addressHelp: "Bir IPv4 veya IPv6 adresi ya da 203.0.113.0/24 gibi bir CIDR aralığı.",
  label: "Etiket",
  created: "Eklenme",
  empty: "Henüz adres yok: API anahtarınız her adresten kullanılabilir.",
  enforceLogin: "Konsola girişte de listedeki bir adres iste",
  yourIpListed: "Adresiniz, {{ip}}, listede.",
  yourIpNotListed: "Adresiniz, {{ip}}, listede değil.",
  lockoutTitle: "Kendinizi dışarıda bırakırsınız",
  lockoutText:
    "Adresiniz, {{ip}}, listede değil. Bu açıldığında buradan bir sonraki girişiniz reddedilir. Önce adresinizi ekleyin ya da yine de devam edin.",
  lockoutConfirm: "Yine de aç",
  lockoutCancel: "Vazgeç",
  problems: {
    ipRequired: "Bir adres veya aralık girin.",
    ipInvalid: "Bu bir IPv4 ya da IPv6 adresi veya CIDR aralığı değil.",
    labelTooLong: "Etiket en fazla 100 karakter olabilir.",
    noChange: "Hiçbir şey değişmedi.",
  },
}
