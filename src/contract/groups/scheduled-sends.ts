import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Id, IdParam, Instant, NonEmpty, Ok, Text } from "../schemas/common"

/**
 * Scheduled sends (ours, beyond the spec): an agent's reply, or an approved template outside WhatsApp's 24-hour
 * window, kept for a later time and sent then by the job queue through the same path a live send takes. Times travel
 * as instants with their offset; the console enters and shows them on the tenant's clock (`zone`).
 */
export const ScheduledState = Schema.Literals(["scheduled", "sent", "cancelled", "failed"])
export type ScheduledState = typeof ScheduledState.Type

/** The longest a reply may wait: a send further out is a campaign's or a reminder's job. */
export const MAX_SCHEDULE_DAYS = 30
export const SCHEDULED_TEXT_MAX = 4096

export const ScheduledTemplate = Schema.Struct({
  name: NonEmpty.check(Schema.isMaxLength(512)),
  language: NonEmpty.check(Schema.isMaxLength(16)),
  params: Schema.optional(Schema.Array(Text(1024))),
  header_value: Schema.optional(Text(2048)),
})
export type ScheduledTemplate = typeof ScheduledTemplate.Type

export const ScheduledSend = Schema.Struct({
  id: Id,
  conversation_id: Id,
  kind: Schema.Literals(["text", "template"]),
  /** The text, or the template's body as the customer will read it (its name for a template). */
  text: Schema.String,
  template: Schema.NullOr(ScheduledTemplate),
  send_at: Instant,
  state: ScheduledState,
  /** Why it did not leave (the window closed, the template is no longer approved). */
  error: Schema.NullOr(Schema.String),
  created_by: Schema.NullOr(Id),
  created_by_name: Schema.NullOr(Schema.String),
  created_at: Instant,
})
export type ScheduledSend = typeof ScheduledSend.Type

export const ScheduledList = Schema.Struct({
  /** The tenant's time zone (IANA), the clock the console enters and shows times on. */
  zone: Schema.String,
  items: Schema.Array(ScheduledSend),
})
export type ScheduledList = typeof ScheduledList.Type

export const scheduledSends = defineGroup(
  "scheduledSends",
  { title: "Scheduled sends", permission: "chat", beyondSpec: true },
  {
    scheduledSendList: {
      method: "GET",
      path: "/scheduled-sends",
      request: Schema.Struct({ conversation_id: IdParam }),
      response: Data(ScheduledList),
    },
    scheduledSendCreate: {
      method: "POST",
      path: "/scheduled-sends",
      request: Schema.Struct({
        conversation_id: IdParam,
        send_at: Instant,
        text: Schema.optional(Text(SCHEDULED_TEXT_MAX)),
        template: Schema.optional(ScheduledTemplate),
      }),
      response: Data(ScheduledSend),
    },
    scheduledSendUpdate: {
      method: "PUT",
      path: "/scheduled-sends/{id}",
      request: Schema.Struct({ id: IdParam, send_at: Schema.optional(Instant), text: Schema.optional(Text(SCHEDULED_TEXT_MAX)) }),
      response: Data(ScheduledSend),
    },
    scheduledSendCancel: {
      method: "DELETE",
      path: "/scheduled-sends/{id}",
      request: Schema.Struct({ id: IdParam }),
      response: Ok,
    },
  },
)
