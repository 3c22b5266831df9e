/**
 * The browser-storage keys of the console (CONTEXT.md wire conventions). One place, so the session, ACL and call
 * machines and the API client read and write the same names; other tabs see the same keys through `storage` events.
 */
export const StorageKeys = {
  clientToken: "client_token",
  userToken: "user_token",
  /** JSON map "FRONT:<path>" -> boolean. */
  userAcl: "user_acl",
  /** JSON map "BACK:<permission>" -> 1. */
  backAcl: "back_acl",
  /** JSON { id, client_id }. */
  userData: "user_data",
  /** JSON user: role, data, from. */
  user: "user",
  loginId: "login_id",
  /** "true" / "false". */
  online: "online",
  enableCallTone: "EnableCallTone",
  activeCallId: "activeCallId",
  activeOutgoingCallId: "activeOutgoingCallId",
  incomingCalls: "incomingCalls",
  language: "i18nextLng",
  layout: "layout",
  /** JSON map user id -> the sidebar groups that user folded; kept across sign-outs like the layout. */
  navGroups: "nav_groups",
  /** JSON map user id -> that user's keyboard shortcut choices (single-key shortcuts on or off, the help key). */
  shortcuts: "keyboard_shortcuts",
  /** Tab storage (TabStorage), JSON { id, name, active }: the business the super admin's console shows. */
  businessInView: "business_in_view",
} as const

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys]
