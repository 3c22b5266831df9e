/**
 * Call History's recordings for the business a super admin picked: listed for `client_id` as that business's admin
 * sees them, refused to another business's admin naming it, and not the super admin's own business's when unpicked.
 */
import { describe, expect, it } from "vitest"
import { as, callOf, login, send, useServer } from "../../testing/harness"
import { storeRecording } from "./recording-store"

describe("recordings of a picked business", () => {
  const ctx = useServer("pglite")

  it("lists the picked business's recordings to a super admin and refuses another business's admin", async () => {
    const { database } = ctx.server.services
    const [acme] = (await database.query("SELECT client_id FROM users WHERE username = 'admin'")).rows
    const acmeId = Number(acme.client_id)
    const [call] = (await database.query("SELECT call_id FROM call_records WHERE client_id = $1 ORDER BY dt DESC LIMIT 1", [acmeId])).rows
    const callId = String(call.call_id)
    // The head of an Ogg stream: listing reads the row, not the sound.
    await storeRecording(database.db, {
      clientId: acmeId,
      callId,
      file: Buffer.from("OggS"),
      contentType: "audio/ogg",
      durationMs: 12_000,
      retentionDays: 90,
    })

    const recordings = callOf("callRecordings", "recordingsOfCalls")
    const listed = async (token: string, extra: object = {}) => {
      const reply = await send(ctx.url, recordings, { call_ids: [callId], ...extra }, as(token))
      return { status: reply.status, calls: reply.status === 200 ? reply.body.data.map((r: { call_id: string }) => r.call_id) : [] }
    }
    const admin = (await login(ctx.url, "admin")).user_token
    const admin2 = (await login(ctx.url, "admin2")).user_token
    const superadmin = (await login(ctx.url, "superadmin")).user_token

    expect(await listed(admin)).toEqual({ status: 200, calls: [callId] })
    expect(await listed(superadmin, { client_id: acmeId })).toEqual({ status: 200, calls: [callId] })
    expect(await listed(superadmin)).toEqual({ status: 200, calls: [] })
    expect((await listed(admin2, { client_id: acmeId })).status).toBe(403)
    expect(await listed(admin2)).toEqual({ status: 200, calls: [] })
  })
})
