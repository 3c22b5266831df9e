/** The public module of the tickets feature: what other features may use of it. */
export { openTicketFor } from "./ticket-lifecycle"
export { STATUS as TICKET_STATUS, TICKET_FROM } from "./ticket-rows"
