/**
 * Locations on both databases: countries and cities (super admin only, unique, tenants see the active ones), a
 * tenant's branches (create, update, delete, isolation), the CSV upload answering every line, the nearest branches
 * ranked as a naive haversine ranks them (fast-check over random points), and a customer who shares a location
 * receiving the nearest open branches in the conversation.
 */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, customerWrites, devFetch, login, send, shaped, useServer } from "../../testing/harness"
import { haversineKm } from "./geo"

const L = (name: Parameters<typeof callOf<"locations">>[1]) => callOf("locations", name)

describe.each(DB_KINDS)("locations on %s", (kind) => {
  const ctx = useServer(kind)

  it("lets only the super admin keep countries and cities, unique by code and by name, and shows tenants the active ones", async () => {
    const root = as((await login(ctx.url, "superadmin")).user_token)
    const admin = as((await login(ctx.url, "admin")).user_token)
    const refused = await send(ctx.url, L("createCountry"), { name: "Egypt", iso_code: "EG", dial_code: "+20" }, admin)
    expect(refused.status).toBe(403)
    const egypt = await send(ctx.url, L("createCountry"), { name: "Egypt", iso_code: "EG", dial_code: "+20" }, root)
    expect(egypt.status).toBe(200)
    expect(shaped(L("createCountry"), egypt.body).data).toMatchObject({ name: "Egypt", iso_code: "EG", active: true })
    const again = await send(ctx.url, L("createCountry"), { name: "Egypt 2", iso_code: "EG", dial_code: "+20" }, root)
    expect(again.status).toBe(409)
    expect(again.body.error.field).toBe("iso_code")
    expect((await send(ctx.url, L("createCountry"), { name: "X", iso_code: "eg", dial_code: "20" }, root)).status).toBe(400)
    const cairo = await send(ctx.url, L("createCity"), { country_id: egypt.body.data.id, name: "Cairo" }, root)
    expect(cairo.status).toBe(200)
    expect((await send(ctx.url, L("createCity"), { country_id: egypt.body.data.id, name: "cairo" }, root)).status).toBe(409)
    expect((await send(ctx.url, L("createCity"), { country_id: 999999, name: "Nowhere" }, root)).body.error.field).toBe("country_id")
    expect((await send(ctx.url, L("createCity"), { country_id: egypt.body.data.id, name: "Giza" }, admin)).status).toBe(403)

    const cities = await send(ctx.url, L("fetchListCities"), { country_id: egypt.body.data.id }, admin)
    expect(shaped(L("fetchListCities"), cities.body).data.items.map((c: { name: string }) => c.name)).toEqual(["Cairo"])
    const off = await send(ctx.url, L("updateCountryById"), { id: String(egypt.body.data.id), active: false }, root)
    expect(off.body.data.active).toBe(false)
    expect((await send(ctx.url, L("updateCountryById"), { id: String(egypt.body.data.id), active: true }, admin)).status).toBe(403)
    const seen = await send(ctx.url, L("fetchListCountries"), { search: "egy" }, admin)
    expect(seen.body.data.items).toEqual([])
    expect((await send(ctx.url, L("fetchListCountries"), { search: "egy" }, root)).body.data.items).toHaveLength(1)
    expect((await send(ctx.url, L("fetchListCities"), { country_id: egypt.body.data.id }, admin)).body.data.totalItems).toBe(0)
    const renamed = await send(ctx.url, L("updateCityById"), { id: String(cairo.body.data.id), name: "Al Qahirah" }, root)
    expect(renamed.body.data).toMatchObject({ name: "Al Qahirah", country_id: egypt.body.data.id })
    expect((await send(ctx.url, L("updateCityById"), { id: "999999", name: "x" }, root)).status).toBe(404)
    const turkey = (await send(ctx.url, L("fetchListCountries"), { search: "Turkey" }, admin)).body.data.items[0]
    expect(turkey).toMatchObject({ iso_code: "TR", dial_code: "+90", active: true })
  })

  it("keeps a tenant's branches with city, phone and hours, refuses bad hours and names, and hides them from other tenants", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const other = as((await login(ctx.url, "admin2")).user_token)
    const istanbul = (await send(ctx.url, L("fetchListCities"), { search: "Istanbul" }, admin)).body.data.items[0]
    const branch = {
      name: "Kadıköy branch",
      address: "Moda Cd. 1, Kadıköy",
      city_id: istanbul.id,
      latitude: 40.987,
      longitude: 29.027,
      phone: "+902161234567",
      opening_hours: "Mon-Fri 09:00-18:00; Sat 10:00-14:00",
    }
    const created = await send(ctx.url, L("clientLocation"), branch, admin)
    expect(created.status).toBe(200)
    expect(shaped(L("clientLocation"), created.body).data).toMatchObject({ ...branch, city: "Istanbul" })
    const id = created.body.data.id
    const badHours = await send(ctx.url, L("clientLocation"), { ...branch, name: "Other", opening_hours: "whenever" }, admin)
    expect(badHours.status).toBe(400)
    expect(badHours.body.error.field).toBe("opening_hours")
    expect((await send(ctx.url, L("clientLocation"), { ...branch, name: "Kadıköy BRANCH" }, admin)).status).toBe(409)
    expect((await send(ctx.url, L("clientLocation"), { ...branch, name: "Far", latitude: 91 }, admin)).status).toBe(400)
    expect((await send(ctx.url, L("clientLocation"), { ...branch, name: "Nowhere", city_id: 999999 }, admin)).body.error.field).toBe(
      "city_id",
    )

    const updated = await send(ctx.url, L("clientLocation"), { ...branch, id, opening_hours: "24/7", name: "Moda" }, admin)
    expect(updated.body.data).toMatchObject({ id, name: "Moda", opening_hours: "24/7" })
    const listed = await send(ctx.url, L("fetchClientLocations"), { search: "moda" }, admin)
    expect(shaped(L("fetchClientLocations"), listed.body).data.items.map((l: { id: number }) => l.id)).toEqual([id])

    // Tenant two sees none of it, and cannot change or delete it.
    expect((await send(ctx.url, L("fetchClientLocations"), { search: "moda" }, other)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, L("searchClientLocation"), { latitude: 40.987, longitude: 29.027 }, other)).body.data).toEqual([])
    expect((await send(ctx.url, L("clientLocation"), { ...branch, id, name: "Mine" }, other)).status).toBe(404)
    expect((await send(ctx.url, L("deleteClientLocation"), { id }, other)).status).toBe(404)
    expect((await send(ctx.url, L("deleteClientLocation"), { id }, admin)).body.data.ok).toBe(true)
    expect((await send(ctx.url, L("deleteClientLocation"), { id }, admin)).status).toBe(404)
  })

  it("answers every line of a CSV upload: inserted, updated by name, or skipped with its line and reason", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const csv = [
      "Name,Address,Latitude,Longitude,City,Phone,Opening hours",
      "Ankara Kızılay,Atatürk Blv. 10,39.92,32.85,Ankara,+903121112233,daily 08:00-22:00",
      'Riyadh Olaya,"King Fahd Rd, Olaya",24.69,46.68,Riyadh,,',
      "Broken,Somewhere,north,32.8,,,",
      ",No name,39.9,32.8,,,",
      "Ankara Kızılay,Atatürk Blv. 12,39.921,32.851,Ankara,,",
      "Bad city,Street,39.9,32.8,Atlantis,,",
      "Bad hours,Street,39.9,32.8,,,sometimes",
    ].join("\n")
    const reply = await send(ctx.url, L("clientBulkLocation"), { csv }, admin)
    expect(reply.status).toBe(200)
    const result = shaped(L("clientBulkLocation"), reply.body).data
    expect(result).toMatchObject({ inserted: 2, updated: 1, skipped: 4 })
    expect(result.inserted + result.updated + result.skipped).toBe(7)
    expect(result.errors.map((e: { line: number }) => e.line)).toEqual([4, 5, 7, 8])
    expect(result.errors[0].message).toContain("latitude")
    expect(result.errors[2].message).toContain("Atlantis")
    const ankara = (await send(ctx.url, L("fetchClientLocations"), { search: "Kızılay" }, admin)).body.data.items
    expect(ankara).toHaveLength(1)
    expect(ankara[0]).toMatchObject({ address: "Atatürk Blv. 12", city: "Ankara" })
    const noHeader = await send(ctx.url, L("clientBulkLocation"), { csv: "a,b\n1,2" }, admin)
    expect(noHeader.status).toBe(400)
    expect(noHeader.body.error.message).toContain("latitude")
  })

  it("ranks the nearest branches exactly as a naive haversine over every branch does", async () => {
    const h = as((await login(ctx.url, "admin2")).user_token)
    const random = fc.sample(
      fc.record({ latitude: fc.double({ min: 36, max: 42, noNaN: true }), longitude: fc.double({ min: 26, max: 45, noNaN: true }) }),
      { numRuns: 80, seed: 19 },
    )
    const csv = ["name,address,latitude,longitude", ...random.map((p, i) => `Branch ${i},Street ${i},${p.latitude},${p.longitude}`)].join(
      "\n",
    )
    expect((await send(ctx.url, L("clientBulkLocation"), { csv }, h)).body.data.inserted).toBe(80)
    const all = (await send(ctx.url, L("fetchClientLocations"), { limit: 1000 }, h)).body.data.items as {
      id: number
      latitude: number
      longitude: number
    }[]
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: 30, max: 48, noNaN: true }),
        fc.double({ min: 20, max: 50, noNaN: true }),
        fc.integer({ min: 1, max: 12 }),
        async (latitude, longitude, limit) => {
          const got = (await send(ctx.url, L("searchClientLocation"), { latitude, longitude, limit }, h)).body.data as {
            id: number
            distance_km: number
          }[]
          const naive = all
            .map((b) => ({ id: b.id, d: haversineKm(latitude, longitude, b.latitude, b.longitude) }))
            .sort((a, b) => a.d - b.d || a.id - b.id)
            .slice(0, limit)
          expect(got.map((b) => b.distance_km)).toEqual(naive.map((b) => expect.closeTo(b.d, 2)))
          expect(new Set(got.map((b) => b.id))).toEqual(new Set(naive.map((b) => b.id)))
        },
      ),
      { numRuns: 25, seed: 7 },
    )
    const within = (await send(ctx.url, L("searchClientLocation"), { latitude: 39, longitude: 35, radius_km: 0.1, limit: 5 }, h)).body.data
    expect(within).toEqual([])
  })

  it("answers a customer who shares a location with the nearest open branches and a map link, in the agent's thread", async () => {
    const admin = as((await login(ctx.url, "admin")).user_token)
    const csv = [
      "name,address,latitude,longitude,opening_hours",
      "Share Near,Near street,41.0100,28.9800,24/7",
      "Share Closed,Closed street,41.0090,28.9790,Mon 00:00-00:01",
      "Share Far,Far street,41.2000,29.2000,",
    ].join("\n")
    expect((await send(ctx.url, L("clientBulkLocation"), { csv }, admin)).body.data.inserted).toBe(3)
    const number = "+905550019001"
    const shared = await customerWrites(ctx.server, number, { type: "location", location: { latitude: 41.0082, longitude: 28.9784 } })
    expect(shared.status).toBe(200)
    let phone: { body: string }[] = []
    for (let i = 0; i < 50 && phone.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 200))
      const got = await devFetch(ctx.server, `/dev/simulator/messages?clientId=1&channel=whatsapp&number=${encodeURIComponent(number)}`)
      phone = ((await got.json()) as { data: { items: { body: string }[] } }).data.items
    }
    expect(phone).toHaveLength(1)
    const text = phone[0].body
    expect(text).toContain("Share Near")
    expect(text).toContain("https://www.openstreetmap.org/?mlat=41.010000&mlon=28.980000")
    expect(text).not.toContain("Share Closed")
    expect(text.indexOf("Share Near")).toBeLessThan(text.indexOf("Share Far"))
    const db = ctx.server.services.database
    const threadOf = async () =>
      (
        await db.query(
          `SELECT m.direction, m.type, m.payload->>'automated' AS automated, c.status FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE c.id = $1 ORDER BY m.id`,
          [shared.body.data.conversationId],
        )
      ).rows
    // The phone may get the answer a moment before the job's transaction commits.
    let rows = await threadOf()
    for (let i = 0; i < 20 && rows.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 100))
      rows = await threadOf()
    }
    expect(rows.map((r) => [r.direction, r.type, r.automated])).toEqual([
      ["in", "location", null],
      ["out", "text", "true"],
    ])
    // The automatic answer leaves the customer in the queue for an agent.
    expect(rows[1].status).toBe("unassigned")
  })
})
