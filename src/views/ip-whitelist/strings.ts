/** Strings of the IP whitelist screen (merged under `ipWhitelist`). */
export const ipWhitelistEn = {
  title: "IP whitelist",
  subtitle: "Addresses and ranges your API key and client token may be used from. An empty list allows every address.",
  new: "Add address",
  edit: "Edit address",
  search: "Search",
  address: "Address or range",
  addressHelp: "An IPv4 or IPv6 address, or a CIDR range such as 203.0.113.0/24.",
  label: "Label",
  created: "Added",
  empty: "No addresses yet: every address may use your API key.",
  enforceLogin: "Also require a listed address to log in to the console",
  yourIpListed: "Your address, {{ip}}, is on the list.",
  yourIpNotListed: "Your address, {{ip}}, is not on the list.",
  lockoutTitle: "You would lock yourself out",
  lockoutText:
    "Your address, {{ip}}, is not on the list. Once this is on, your next login from here will be refused. Add your address first, or go on anyway.",
  lockoutConfirm: "Turn on anyway",
  lockoutCancel: "Cancel",
  problems: {
    ipRequired: "Enter an address or range.",
    ipInvalid: "This is not an IPv4 or IPv6 address or CIDR range.",
    labelTooLong: "A label can have at most 100 characters.",
    noChange: "Nothing has changed.",
  },
}
