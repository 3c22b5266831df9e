/** The public module of the complaints feature: what other features may use of it. */
export { TICKET_COLUMNS, ticketOf } from "./complaint-rows"
