import { Effect, Schema } from "effect"
import { Channel, Count, CustomerNumber, DateTimeText, Id, Instant, Limit, Name, Page, StatusCount, Text } from "./common"
import { ForBusiness } from "./reports"

/** Complaint text as the Complain Details dialog bounds it (spec 000 section 5). */
export const ComplaintText = Schema.String.check(Schema.isMaxLength(800))
export const TicketNumber = Schema.String.check(Schema.isTrimmed(), Schema.isNonEmpty(), Schema.isMaxLength(64))

/** Statuses seen in the spec; the report lists the ones in use in `statuses`. */
export const TicketStatus = Schema.Literals(["Pending", "Ongoing", "Resolved"])
export type TicketStatus = typeof TicketStatus.Type

/** A row of the Complain Tickets Report (spec 000 section 3). */
export const ComplaintTicket = Schema.Struct({
  name: Schema.String,
  channel_type: Schema.String,
  ticket_number: Schema.String,
  status: Schema.String,
  number: Schema.String,
  /** Start. */
  dt: Instant,
  last_closed: Schema.NullOr(Instant),
  customer_message: ComplaintText,
})
export type ComplaintTicket = typeof ComplaintTicket.Type

/** A complaint as the complaint screens manage it: the report row plus who owns it and how it ended. */
export const Complaint = Schema.Struct({
  ...ComplaintTicket.fields,
  id: Id,
  category: Schema.NullOr(Schema.String),
  agent_id: Schema.NullOr(Id),
  agent_name: Schema.NullOr(Schema.String),
  resolution_note: Schema.NullOr(ComplaintText),
})
export type Complaint = typeof Complaint.Type

export const ComplaintInput = {
  number: CustomerNumber,
  name: Schema.optional(Name(120)),
  channel_type: Channel,
  category: Schema.optional(Name(60)),
  customer_message: ComplaintText.check(Schema.isNonEmpty()),
  conversation_id: Schema.optional(Id),
}

/** complain/fetch_report request: page defaults to 0 and limit to 10 (spec 001 section 9). */
export const TicketReportRequest = Schema.Struct({
  page: Page.pipe(Schema.withDecodingDefaultKey(Effect.succeed(0))),
  limit: Limit(999_999).pipe(Schema.withDecodingDefaultKey(Effect.succeed(10))),
  channel_type: Schema.optional(Schema.String.check(Schema.isMaxLength(32))),
  /** `YYYY-MM-DD HH:mm:ss`, start of the first day and end of the last. */
  start_date: Schema.optional(DateTimeText),
  end_date: Schema.optional(DateTimeText),
  /** Agent id. */
  agent: Schema.optional(Id),
  status: Schema.optional(Schema.String.check(Schema.isMaxLength(32))),
  ...ForBusiness,
})
export type TicketReportRequest = typeof TicketReportRequest.Type

export const ComplaintMetadata = Schema.Struct({
  channel_type: Schema.Array(Schema.String),
  agents: Schema.Array(Schema.Struct({ id: Id, username: Schema.String })),
  statuses: Schema.Array(Schema.String),
  /** Tickets matching the filters: the Total card and the table's row count. */
  total_tickets: Count,
  status_count: Schema.Array(StatusCount),
  /** Seconds. */
  avg_resolution_time: Schema.Struct({ difference: Schema.Number }),
  tickets: Schema.Array(ComplaintTicket),
})
export type ComplaintMetadata = typeof ComplaintMetadata.Type

/** `{ data: { complaintMetadata } }` (spec 001 section 3). */
export const TicketReportResponse = Schema.Struct({ data: Schema.Struct({ complaintMetadata: ComplaintMetadata }) })
export type TicketReportResponse = typeof TicketReportResponse.Type

export const SearchComplaintRequest = Schema.Struct({
  ticket_number: TicketNumber,
  /** The report's search box sends "whatsapp". */
  channel_type: Channel,
  ticket_type: Schema.Literals(["active", "resolved"]),
  ...ForBusiness,
})
export type SearchComplaintRequest = typeof SearchComplaintRequest.Type
/** `{ data: { list: ComplaintTicket[] } }`; the console opens the first. */
export const SearchComplaintResponse = Schema.Struct({ data: Schema.Struct({ list: Schema.Array(ComplaintTicket) }) })
export type SearchComplaintResponse = typeof SearchComplaintResponse.Type

export const Ticket = Schema.Struct({
  id: Id,
  ticket_number: Schema.String,
  conversation_id: Schema.NullOr(Id),
  number: Schema.String,
  name: Schema.NullOr(Schema.String),
  channel_type: Channel,
  status: TicketStatus,
  subject: Schema.NullOr(Schema.String),
  agent_id: Schema.NullOr(Id),
  agent_name: Schema.NullOr(Schema.String),
  last_message: Schema.NullOr(Schema.String),
  dt: Instant,
  last_closed: Schema.NullOr(Instant),
})
export type Ticket = typeof Ticket.Type

export const TicketQuery = {
  page: Schema.optional(Page),
  limit: Schema.optional(Limit()),
  search: Schema.optional(Text(200)),
  channel_type: Schema.optional(Channel),
  start_date: Schema.optional(DateTimeText),
  end_date: Schema.optional(DateTimeText),
}

export const TicketReport = Schema.Struct({
  total_tickets: Count,
  status_count: Schema.Array(StatusCount),
  avg_resolution_time: Schema.Struct({ difference: Schema.Number }),
  items: Schema.Array(Ticket),
  totalItems: Count,
})
export type TicketReport = typeof TicketReport.Type
export const TicketsCount = Schema.Struct({
  total: Count,
  by_channel: Schema.Array(Schema.Struct({ channel_type: Channel, count: Count })),
})
export type TicketsCount = typeof TicketsCount.Type
