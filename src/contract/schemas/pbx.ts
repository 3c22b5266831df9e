/**
 * The PBX's SIP trunk: where a tenant's dialled phone numbers leave and its own numbers come in. Kamailio
 * routes by it (server/sip/kamailio.cfg.tpl); the server publishes it there (server/features/softphone/pbx-routes.ts).
 */
import { Schema } from "effect"
import { Id } from "./common"

/** "+" and 7 to 15 digits, the first not 0. */
export const E164 = Schema.String.check(Schema.isPattern(/^\+[1-9][0-9]{6,14}$/))
const Digits = (min: number, max: number) => Schema.String.check(Schema.isPattern(new RegExp(`^[0-9]{${min},${max}}$`)))

/**
 * How the carrier wants the dialled number in the request URI: "e164" (+4930123456), "digits" (4930123456), or
 * "national": numbers of `country_code` as `national_prefix` + the national number (030123456), others as
 * `international_prefix` + the digits (0044...).
 */
export const TrunkNumberFormat = Schema.Literals(["e164", "digits", "national"])

export const PbxTrunkFields = {
  /** Off: phone numbers are refused (404) and the numbers ring no one; the setting is kept. */
  enabled: Schema.Boolean,
  /** The carrier's SIP address: an IPv4 address or a host name (resolved when published). */
  host: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9]([A-Za-z0-9.-]{0,251}[A-Za-z0-9])?$/)),
  port: Schema.Number.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 65535 })),
  transport: Schema.Literals(["udp", "tcp"]),
  /** "ip": the carrier knows our address; "digest": it challenges and we answer with username and password. */
  auth: Schema.Literals(["ip", "digest"]),
  username: Schema.String.check(Schema.isPattern(/^[A-Za-z0-9._+-]{0,64}$/)),
  number_format: TrunkNumberFormat,
  country_code: Digits(0, 3),
  national_prefix: Digits(0, 3),
  international_prefix: Digits(0, 4),
  /** The number callees see (From and P-Asserted-Identity), in E.164. */
  caller_id: E164,
  /** The tenant's own numbers: a call from the carrier to one of them rings the agents. */
  inbound_numbers: Schema.Array(E164).check(Schema.isMaxLength(20)),
  /** Who rings on an inbound call; empty: every user who may use the softphone and is online. */
  ring_user_ids: Schema.Array(Id).check(Schema.isMaxLength(500)),
}

/** What the tenant saves; `password` empty keeps the stored one. */
export const PbxTrunkInput = Schema.Struct({
  ...PbxTrunkFields,
  password: Schema.String.check(Schema.isPattern(/^[\x21-\x7e]{0,64}$/)),
})
export type PbxTrunkInput = typeof PbxTrunkInput.Type

/** What the tenant reads back: never the password, only whether one is stored. */
export const PbxTrunk = Schema.Struct({ ...PbxTrunkFields, password_set: Schema.Boolean })
export type PbxTrunk = typeof PbxTrunk.Type

export const PbxDirection = Schema.Literals(["internal", "outbound", "inbound"])
export const PbxOutcome = Schema.Literals(["answered", "busy", "no_answer", "failed", "cancelled"])

/** One call through the PBX, as Kamailio saw it (migration 0009). Times are ISO instants. */
export const PbxCall = Schema.Struct({
  id: Id,
  call_id: Schema.String,
  direction: PbxDirection,
  /** An extension, or the far number of an inbound call. */
  caller: Schema.String,
  caller_name: Schema.NullOr(Schema.String),
  /** The extension or number dialled (inbound: the tenant's number). */
  callee: Schema.String,
  /** The agent called, or who answered an inbound call. */
  callee_name: Schema.NullOr(Schema.String),
  started_at: Schema.String,
  answered_at: Schema.NullOr(Schema.String),
  ended_at: Schema.String,
  /** From the answer to the end; 0 when not answered. */
  duration_seconds: Schema.Number,
  outcome: PbxOutcome,
  /** The final SIP status of a call that was not answered. */
  sip_code: Schema.NullOr(Schema.Number),
})
export type PbxCall = typeof PbxCall.Type

/** One of the tenant's extensions, as a transfer target: whose it is and whether a phone is registered on it now. */
export const PbxExtension = Schema.Struct({
  extension: Schema.String,
  /** The user's display name. */
  name: Schema.String,
  /** A softphone or desk phone is registered on the extension now (Kamailio's location table). */
  registered: Schema.Boolean,
})
export type PbxExtension = typeof PbxExtension.Type
