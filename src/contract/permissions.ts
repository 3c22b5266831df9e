/** The WhatsApp calls permission: it must equal 1 to list or export calls (spec 000 section 6). */
export const WHATSAPP_CALLS = "whatsapp_calls"
