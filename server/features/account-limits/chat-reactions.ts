/** The tenant's message limits refuse a send before anything is stored (chat/hooks.ts `sendChecked`). */
import { sendChecked } from "../chat"
import { checkMessageLimits } from "./limits"

export const hooks = [sendChecked.on("account-limits", 10, (s) => checkMessageLimits(s.db, s.clientId, s.count))]
