/**
 * The public module of the contact form: what other features may use of it (the tenant's settings make and revoke the
 * form's link with these). The rest of server/features/contact-form is the public form's own.
 */
export { FORM_KEY, linkOf } from "./contact-form-link"
export { newFormKey } from "./contact-form-token"
