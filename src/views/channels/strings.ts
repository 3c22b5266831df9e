/** Strings of the channel screens (merged under `channels`). */
export const channelsEn = {
  retry: "Try again",
  states: { connected: "Connected", not_connected: "Not connected", pending: "Not checked yet", failed: "Failing" },
  problems: { required: "{{field}} is required.", invalid: "{{field}} does not look right: check it in Meta's WhatsApp Manager." },
  whatsapp: {
    title: "WhatsApp",
    subtitle: "Connect your WhatsApp Business number (Cloud API): customers' messages arrive in the inbox, agents answer from here.",
    state: "Connection",
    test: "Test connection",
    connect: "Connect a number",
    reconnect: "Change the connection",
    save: "Save and check",
    saved: "Saved: Meta was asked about the number",
    storedToken: "A token ending in {{hint}} is stored. Enter it again (or a new one) to change the connection.",
    webhook: "Webhook for Meta's console",
    webhookHelp:
      "In your Meta app, under WhatsApp › Configuration, paste this callback URL and verify token, then subscribe to the messages field.",
    webhookUrl: "Callback URL",
    verifyToken: "Verify token",
    fields: {
      phone_number_id: "Phone number ID",
      waba_id: "WhatsApp Business account ID",
      display_number: "Phone number",
      access_token: "Access token",
      app_secret: "App secret",
      display_name: "Name shown (optional)",
    },
    help: {
      phone_number_id: "Digits, from WhatsApp Manager › Phone numbers (not the phone number itself).",
      waba_id: "Digits, from WhatsApp Manager › Account tools.",
      display_number: "The number customers write to, with its country code.",
      access_token: "A system user's permanent token with whatsapp_business_messaging.",
      app_secret: "Your Meta app's secret (App settings › Basic): it checks every webhook's signature.",
      display_name: "Empty: the verified name Meta gives.",
    },
  },
}
