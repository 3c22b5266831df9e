/**
 * onboarding.getCallSetting (POST /get/call/setting): the tenant's voice-call settings and the caller's own
 * softphone credentials. The credentials are issued only to a signed-in user whose access list grants the
 * softphone page; otherwise `sip` is null.
 */
import { answerAfterCommit } from "../../core/after-commit"
import { handle } from "../../core/registry"
import { userOf } from "../../http/context"
import { extensionOf, iceServersFor, issueSipCredentials } from "./sip-credentials"
import { publisherOf } from "./pbx-routes"
import { callSettingOf } from "../onboarding"

const SOFTPHONE_KEY = "FRONT:/apps/pbxcalls"

export const handlers = [
  handle("onboarding", "getCallSetting", async (ctx) => {
    const { userId, clientId } = userOf(ctx)
    const sip = ctx.services.config.sip
    const allowed = ctx.principal.superAdmin || ctx.principal.grants.has(SOFTPHONE_KEY)
    const expiresAt = Math.floor(Date.now() / 1000) + (sip?.ttlSeconds ?? 0)
    const answer = {
      data: {
        ...(await callSettingOf(ctx.db, clientId)),
        sip: sip && allowed ? issueSipCredentials(sip, userId, ctx.origin) : null,
        // Every signed-in user may take voice calls (the WhatsApp voice cards): they get the relay too.
        ice_servers: iceServersFor(sip, userId, ctx.origin, expiresAt),
      },
    }
    // A user Kamailio does not know yet (new since the last round) is published before it dials: after this call's
    // transaction, since the publisher reads on a connection of its own (on PGlite, the one this transaction holds).
    const publisher = publisherOf(ctx.services)
    if (!sip || !allowed || !publisher?.lacks(extensionOf(userId))) return answer
    return answerAfterCommit(async () => {
      await publisher.sync()
      return answer
    })
  }),
]
