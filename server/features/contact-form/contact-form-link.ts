/** The public form's address: PUBLIC_URL (never a request's Origin) + `/contact-form?token=<signed token>`. */
import type { Ctx } from "../../http/context"
import { formTokenOf } from "./contact-form-token"

/** The client setting holding the current link's key (dropped when the form is turned off). */
export const FORM_KEY = "contact_form_key"
export const FORM_PAGE = "/contact-form"

export const linkOf = (ctx: Ctx, clientId: number, key: string) =>
  `${ctx.services.config.publicUrl()}${FORM_PAGE}?token=${encodeURIComponent(formTokenOf(ctx.services.config.jwtSecret, clientId, key))}`
