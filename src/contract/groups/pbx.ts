import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, DateRange, Empty, Limit, ListQuery, Paged } from "../schemas/common"
import { PbxCall, PbxDirection, PbxExtension, PbxOutcome, PbxTrunk, PbxTrunkInput } from "../schemas/pbx"

export const pbx = defineGroup(
  "pbx",
  { title: "PBX trunk and call records", permission: "client_settings", beyondSpec: true },
  {
    /** The tenant's SIP trunk for phone numbers, or null when none is set. */
    getPbxTrunk: { method: "POST", path: "/get/pbx/trunk", request: Empty, response: Data(Schema.NullOr(PbxTrunk)) },
    /** Saves it (one setting per tenant) and publishes it to the SIP server at once. */
    setPbxTrunk: { method: "POST", path: "/pbx/trunk", request: PbxTrunkInput, response: Data(PbxTrunk) },
    /**
     * The tenant's PBX calls, newest first, started within the range (the tenant's days); for everyone who may open
     * the softphone page (checked in the handler: FRONT:/apps/pbxcalls).
     */
    listPbxCalls: {
      method: "POST",
      path: "/pbx/calls",
      permission: null,
      request: Schema.Struct({
        ...ListQuery,
        /** Up to every row at once: the CSV export asks for all. */
        limit: Schema.optional(Limit(999_999)),
        ...DateRange,
        direction: Schema.optional(PbxDirection),
        outcome: Schema.optional(PbxOutcome),
      }),
      response: Paged(PbxCall),
    },
    /**
     * The tenant's other softphone users' extensions, by name, each with whether a phone is registered on it now:
     * whom a call can be transferred to. For everyone who may open the softphone page (checked in the handler).
     */
    listPbxExtensions: {
      method: "POST",
      path: "/pbx/extensions",
      permission: null,
      request: Empty,
      response: Data(Schema.Array(PbxExtension)),
    },
  },
)
