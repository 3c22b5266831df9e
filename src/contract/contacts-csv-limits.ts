/**
 * The largest contact CSV an import accepts (re-exported by schemas/contacts.ts). A module of its own so the import
 * wizard's file check, a service of the logged-in console, does not pull the contact schemas into the login route.
 */
export const CONTACTS_CSV_MAX_BYTES = 50 * 1024 * 1024
