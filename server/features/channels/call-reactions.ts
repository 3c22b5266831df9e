/** The call hub's Meta side (calls/hooks.ts) from the tenant's WhatsApp Cloud API number: an agent's dialer, a customer's leg. */
import { metaDialer, metaLeg } from "../calls"
import { metaLegOf } from "./meta-call-leg"
import { metaDialerFor } from "./meta-dialer"

export const hooks = [metaDialer.provide("channels", metaDialerFor), metaLeg.provide("channels", metaLegOf)]
