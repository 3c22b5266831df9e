/**
 * pbx.getPbxTrunk / pbx.setPbxTrunk: the tenant's SIP trunk for phone numbers (server/sip/README.md, "Trunk"). Saving
 * publishes it to Kamailio at once (pbx-routes.ts).
 */
import { handle } from "../../core/registry"
import { tenantOf, type Ctx } from "../../http/context"
import { badRequest, conflict } from "../../http/errors"
import type { PbxTrunkInput } from "../../../src/contract/schemas/pbx"
import { numbersTakenElsewhere, publicTrunk, saveTrunk, trunkOf, type StoredTrunk } from "./pbx-trunk-store"
import { publisherOf, softphoneUserIds } from "./pbx-routes"

/** The rules the schema cannot say: they need the stored password or the tenant's users. */
const checked = async (ctx: Ctx, clientId: number, input: PbxTrunkInput): Promise<StoredTrunk> => {
  const stored = await trunkOf(ctx.db, clientId)
  const password = input.password || (input.auth === "digest" ? (stored?.password ?? "") : "")
  if (input.auth === "digest" && !input.username) throw badRequest("Digest authentication needs a username", "username")
  if (input.auth === "digest" && !password) throw badRequest("Digest authentication needs a password", "password")
  if (input.number_format === "national" && !input.country_code)
    throw badRequest("The national number format needs the trunk's country code", "country_code")
  if (new Set(input.inbound_numbers).size !== input.inbound_numbers.length) throw badRequest("A number is listed twice", "inbound_numbers")
  const taken = await numbersTakenElsewhere(ctx.db, clientId, input.inbound_numbers)
  if (taken.length > 0) throw conflict(`${taken.join(", ")} already belongs to another account`, "inbound_numbers")
  const pbxUsers = new Set(await softphoneUserIds(ctx.db, clientId))
  const stranger = input.ring_user_ids.find((id) => !pbxUsers.has(id))
  if (stranger !== undefined) throw badRequest(`User ${stranger} cannot use the softphone`, "ring_user_ids")
  return { ...input, username: input.auth === "digest" ? input.username : "", password: input.auth === "digest" ? password : "" }
}

export const handlers = [
  handle("pbx", "getPbxTrunk", async (ctx) => {
    const trunk = await trunkOf(ctx.db, tenantOf(ctx))
    return { data: trunk ? publicTrunk(trunk) : null }
  }),
  handle("pbx", "setPbxTrunk", async (ctx, input) => {
    const clientId = tenantOf(ctx)
    const trunk = await checked(ctx, clientId, input)
    await saveTrunk(ctx.db, clientId, trunk)
    const publisher = publisherOf(ctx.services)
    if (publisher) ctx.afterCommit?.(() => void publisher.sync())
    return { data: publicTrunk(trunk) }
  }),
]
