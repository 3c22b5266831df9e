import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Empty } from "../schemas/common"
import { PbxTrunk, PbxTrunkInput } from "../schemas/pbx"

export const pbx = defineGroup(
  "pbx",
  { title: "PBX trunk and call records", permission: "client_settings" },
  {
    /** The tenant's SIP trunk for phone numbers, or null when none is set. */
    getPbxTrunk: { method: "POST", path: "/get/pbx/trunk", request: Empty, response: Data(Schema.NullOr(PbxTrunk)) },
    /** Saves it (one setting per tenant) and publishes it to the SIP server at once. */
    setPbxTrunk: { method: "POST", path: "/pbx/trunk", request: PbxTrunkInput, response: Data(PbxTrunk) },
  },
)
