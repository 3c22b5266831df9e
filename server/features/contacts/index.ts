/** The public module of the contacts feature: what other features may use of it. */
export { changeMembership } from "./bulk"
export type { BulkCount } from "./bulk"
export { mergeAttributes } from "./contact-edit"
export { contactWhere } from "./contact-filter"
export { BOOK_COLUMNS, contactOf } from "./contact-rows"
export { e164Of } from "./contacts-import"
