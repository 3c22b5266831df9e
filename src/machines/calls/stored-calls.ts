/** The ringing cards kept in browser storage (`incomingCalls`) so a reload restores them. */
import { Schema } from "effect"

export const StoredCall = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  number: Schema.String,
  /** The tenant's ring time the server sent with the call. */
  ringSeconds: Schema.optional(Schema.Number),
  /** The tenant's quick replies the server sent with the call. */
  quickReplies: Schema.optional(Schema.Array(Schema.String)),
  /** A colleague transferred the call here: their name. */
  transferredBy: Schema.optional(Schema.String),
  /** A colleague wants to talk before handing the call over here: their name. */
  consultBy: Schema.optional(Schema.String),
})
export type StoredCall = typeof StoredCall.Type
export const StoredCalls = Schema.Array(StoredCall)
