import { allCalls } from "./catalogue"

/** Every back-end permission a call can need; granted as `BACK:<permission>` = 1 in back_acl. */
export const backPermissions: readonly string[] = [
  ...new Set(allCalls.map((call) => call.permission).filter((p): p is string => p !== null)),
].sort()

/** The WhatsApp calls permission: it must equal 1 to list or export calls (spec 000 section 6). */
export const WHATSAPP_CALLS = "whatsapp_calls"
