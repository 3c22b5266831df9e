/**
 * The contact book on both databases: CSV import accounting for every row, bad files refused, search and filters,
 * bulk flag / tag / group / block on a selection and on "all matching", segments with counts and a customer's
 * segments, and tenant two never seeing or touching tenant one's rows.
 */
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, useServer } from "../../testing/harness"

const c = (name: Parameters<typeof callOf<"contacts">>[1]) => callOf("contacts", name)
const f = (name: Parameters<typeof callOf<"flags">>[1]) => callOf("flags", name)
const t = (name: Parameters<typeof callOf<"tagging">>[1]) => callOf("tagging", name)

describe.each(DB_KINDS)("contact book on %s", (kind) => {
  const ctx = useServer(kind)

  it("imports a CSV: E.164 numbers, merges by number, rejects bad rows with their line, all or nothing", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const csv = [
      "\uFEFFPhone,Name,Email,City",
      "0532 111 22 33,Ayşe,ayse@example.com,Istanbul",
      "+90 532 111 22 33,,,Ankara",
      ",Nobody,,",
      "12345,Short,,",
      "905441234567,Mehmet,not-an-email,",
      "905441234568,Zeynep,,İzmir",
    ].join("\r\n")
    const reply = await send(ctx.url, c("addCustomers"), { file_name: "people.csv", file: csv, default_country: "TR" }, h)
    expect(reply.status).toBe(200)
    const result = shaped(c("addCustomers"), reply.body).data
    expect(result).toMatchObject({ rows: 6, imported: 2, merged: 1, rejected: 3 })
    expect(result.rejections.map((x: { line: number; reason: string }) => [x.line, x.reason])).toEqual([
      [4, "missing_number"],
      [5, "invalid_number"],
      [6, "invalid_email"],
    ])
    const ayse = (await send(ctx.url, c("fetchCustomerByNumber"), { number: "+905321112233" }, h)).body.data
    expect(ayse).toMatchObject({ name: "Ayşe", email: "ayse@example.com", attributes: { city: "Ankara" } })

    for (const [file, status] of [
      ["", 400],
      [Buffer.from([0xff, 0xfe, 0x6e, 0x00, 0x75, 0x00]), 415],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08]), 415],
      [Buffer.from([0x6e, 0x75, 0x6d, 0x62, 0x65, 0x72, 0x0a, 0xc3, 0x28]), 415],
      ["name,email\nA,a@b.co\n", 400],
    ] as const) {
      const refused = await send(ctx.url, c("addCustomers"), { file_name: "bad.csv", file }, h)
      expect(refused.status).toBe(status)
      expect(refused.body.error.message.length).toBeGreaterThan(10)
    }
    // A failure midway (a group of another tenant) leaves nothing imported.
    const before = (await send(ctx.url, c("fetchAllContacts"), { limit: 1 }, h)).body.data.totalItems
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    const foreignGroup = (await send(ctx.url, c("groupsList"), {}, h2)).body.data.items[0].id
    const failed = await send(
      ctx.url,
      c("addCustomers"),
      { file_name: "x.csv", file: "number\n+905449998877\n", group_id: foreignGroup },
      h,
    )
    expect(failed.status).toBe(404)
    expect((await send(ctx.url, c("fetchAllContacts"), { limit: 1 }, h)).body.data.totalItems).toBe(before)
  })

  it("searches by what was typed: a number from its start or end, an e-mail from its start, words from their start", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const csv = ["number,name,email,city", "+905991112233,Kerem Aras,kerem.aras@example.com,Bursa", "+905999998877,Deniz Aras,,Rize"]
    await send(ctx.url, c("addCustomers"), { file_name: "search.csv", file: csv.join("\n") }, h)
    const found = async (search: string) =>
      (await send(ctx.url, c("fetchAllContacts"), { search, limit: 50 }, h)).body.data.items
        .map((x: { name: string }) => x.name)
        .filter((name: string) => name.endsWith(" Aras")) // the demo tenant has numbers of its own
        .sort()
    for (const typed of ["+90 599 111", "0090599111", "905991112233", "5991112233", "0599 111 22 33", "(599) 111-22-33", "2233"])
      expect(await found(typed), typed).toEqual(["Kerem Aras"])
    expect(await found("+90599")).toEqual(["Deniz Aras", "Kerem Aras"])
    expect(await found("11122")).toEqual([])
    expect(await found("Kerem.Aras@")).toEqual(["Kerem Aras"])
    expect(await found("aras@")).toEqual([])
    expect(await found("@EXAMPLE.com")).toEqual(["Kerem Aras"])
    expect(await found("aras")).toEqual(["Deniz Aras", "Kerem Aras"])
    expect(await found("rize")).toEqual(["Deniz Aras"])
    expect(await found("ARAS, ker")).toEqual(["Kerem Aras"])
    expect(await found("ras")).toEqual([]) // the middle of a word is not a word's start
  })

  it("searches and filters, and flags, tags, groups and blocks in bulk (selection or all matching)", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const rows = Array.from({ length: 30 }, (_, i) => `+9055500000${String(i).padStart(2, "0")},Bulk ${i},,${i % 2 ? "gold" : "silver"}`)
    await send(ctx.url, c("addCustomers"), { file_name: "bulk.csv", file: `number,name,email,tier\n${rows.join("\n")}` }, h)
    const search = await send(ctx.url, c("fetchAllContacts"), { search: "bulk 1", limit: 50 }, h)
    expect(
      shaped(c("fetchAllContacts"), search.body)
        .data.items.map((x: { name: string }) => x.name)
        .sort(),
    ).toEqual(["Bulk 1", ...Array.from({ length: 10 }, (_, i) => `Bulk 1${i}`)].sort())
    const gold = { attribute: { key: "tier", value: "gold" } }
    expect((await send(ctx.url, c("fetchAllContacts"), gold, h)).body.data.totalItems).toBe(15)

    const flag = (await send(ctx.url, f("flagCreate"), { name: "Gold", color: "#ffaa00" }, h)).body.data
    const assigned = await send(ctx.url, f("flagAssign"), { flag_id: flag.id, filter: gold }, h)
    expect(assigned.body.data).toEqual({ matched: 15, changed: 15 })
    expect((await send(ctx.url, f("flagAssign"), { flag_id: flag.id, numbers: ["+905550000001"] }, h)).body.data).toEqual({
      matched: 1,
      changed: 0,
    })
    expect((await send(ctx.url, f("flagCustomers"), { flag_id: flag.id }, h)).body.data.totalItems).toBe(15)
    expect((await send(ctx.url, c("fetchAllContacts"), { flag_id: flag.id, search: "bulk 3" }, h)).body.data.totalItems).toBe(1)
    expect((await send(ctx.url, f("flagUnassign"), { flag_id: flag.id, numbers: ["+905550000001"] }, h)).body.data.changed).toBe(1)
    expect((await send(ctx.url, f("flagAssign"), { flag_id: flag.id, numbers: ["+905550000001"], filter: gold }, h)).status).toBe(400)
    expect((await send(ctx.url, f("flagCreate"), { name: "gold", color: "#ffaa00" }, h)).status).toBe(409)

    const tag = (await send(ctx.url, t("tagInsert"), { name: "campaign-x" }, h)).body.data
    const tagged = await send(ctx.url, t("tagUpdate"), { id: tag.id, add: { filter: { search: "bulk 2" } } }, h)
    expect(tagged.body.data).toMatchObject({ tag: { customers: 11 }, bulk: { matched: 11, changed: 11 } })

    const group = (await send(ctx.url, c("groupContactCreate"), { name: "Gold club", numbers: ["+905550000003"] }, h)).body.data
    expect(group.contact_count).toBe(1)
    const grown = await send(ctx.url, c("groupContactById"), { id: group.id, add: { filter: { flag_id: flag.id } } }, h)
    expect(grown.body.data.contact_count).toBe(14)
    expect((await send(ctx.url, c("groupsContactById"), { id: group.id }, h)).body.data.numbers).toContain("+905550000003")
    expect((await send(ctx.url, c("groupContactById"), { id: group.id, numbers: ["+900000000"] }, h)).status).toBe(400)

    const blocked = await send(
      ctx.url,
      c("fetchBlockedContacts"),
      { block: { target: { filter: { tag_id: tag.id } }, blocked: true }, search: "bulk" },
      h,
    )
    expect(blocked.body.data.totalItems).toBe(11)
    const one = blocked.body.data.items[0]
    const edited = await send(ctx.url, c("userByIdAttributes"), { id: one.id, blocked: false, attributes: { note: "vip" } }, h)
    expect(edited.body.data).toMatchObject({ blocked: false, attributes: { note: "vip" } })
    expect(edited.body.data.tag_ids).toContain(tag.id)

    const h2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, c("userByIdAttributes"), { id: one.id, name: "Stolen" }, h2)).status).toBe(404)
    expect((await send(ctx.url, c("fetchCustomerByNumber"), { number: one.number }, h2)).status).toBe(404)
    expect((await send(ctx.url, c("fetchAllContacts"), { search: "bulk" }, h2)).body.data.totalItems).toBe(0)
    expect((await send(ctx.url, f("flagAssign"), { flag_id: flag.id, filter: {} }, h2)).status).toBe(404)
    expect((await send(ctx.url, f("flagUpdateById"), { id: flag.id, name: "x" }, h2)).status).toBe(404)
    expect((await send(ctx.url, f("flagClient"), {}, h2)).body.data.map((x: { name: string }) => x.name)).not.toContain("Gold")
    expect((await send(ctx.url, t("tagUpdate"), { id: tag.id, add: { filter: {} } }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("tagDelete"), { id: tag.id }, h2)).status).toBe(404)
    expect((await send(ctx.url, c("groupsContactById"), { id: group.id }, h2)).status).toBe(404)
    expect((await send(ctx.url, c("groupContactById"), { id: group.id, name: "x" }, h2)).status).toBe(404)
    // Tenant two's "all matching" never reaches tenant one's contacts.
    const theirFlag = (await send(ctx.url, f("flagCreate"), { name: "Theirs", color: "#000000" }, h2)).body.data
    expect((await send(ctx.url, f("flagAssign"), { flag_id: theirFlag.id, filter: { search: "bulk" } }, h2)).body.data.matched).toBe(0)
    expect((await send(ctx.url, t("tagDelete"), { id: tag.id }, h)).status).toBe(200)
  })

  it("builds segments from rules, counts them in SQL, and answers a customer's segments and last segment", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const rows = Array.from({ length: 12 }, (_, i) => `+9055600000${String(i).padStart(2, "0")},Seg ${i},${i}`)
    await send(ctx.url, c("addCustomers"), { file_name: "seg.csv", file: `number,name,score\n${rows.join("\n")}` }, h)
    const rules = { match: "all", conditions: [{ type: "attribute", key: "score", operator: "gt", value: "7" }] }
    const live = await send(ctx.url, c("fetchAllContacts"), { rules, limit: 1 }, h)
    expect(live.body.data.totalItems).toBe(4)
    const created = await send(ctx.url, t("segmentInsert"), { name: "High score", rules }, h)
    expect(shaped(t("segmentInsert"), created.body).data.customers).toBe(4)
    const any = { match: "any", conditions: [...rules.conditions, { type: "attribute", key: "score", operator: "eq", value: "0" }] }
    const updated = await send(ctx.url, t("segmentUpdate"), { id: created.body.data.id, rules: any }, h)
    expect(updated.body.data.customers).toBe(5)
    expect(
      (
        await send(
          ctx.url,
          t("segmentInsert"),
          { name: "Bad", rules: { match: "all", conditions: [{ type: "attribute", key: "score", operator: "gt" }] } },
          h,
        )
      ).status,
    ).toBe(400)
    const other = (
      await send(
        ctx.url,
        t("segmentInsert"),
        { name: "Picked by hand", rules: { match: "all", conditions: [{ type: "channel", channel: "sms" }] } },
        h,
      )
    ).body.data
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect((await send(ctx.url, t("customerSegment"), { number: "+905560000009", segment_id: other.id }, h)).status).toBe(200)
    const mine = await send(ctx.url, t("fetchCustomerSegment"), { number: "+905560000009" }, h)
    expect(mine.body.data.map((s: { name: string }) => s.name).sort()).toEqual(["High score", "Picked by hand"])
    expect((await send(ctx.url, t("customerLastSegment"), { number: "+905560000009" }, h)).body.data.name).toBe("Picked by hand")
    expect((await send(ctx.url, t("customerLastSegment"), { number: "+905560000003" }, h)).body.data).toBeNull()
    expect((await send(ctx.url, c("fetchAllContacts"), { segment_id: other.id, search: "seg" }, h)).body.data.totalItems).toBe(1)
    expect((await send(ctx.url, t("segmentSearch"), { search: "high" }, h)).body.data.items.map((s: { name: string }) => s.name)).toEqual([
      "High score",
    ])
    const h2 = as((await login(ctx.url, "admin2")).user_token)
    expect((await send(ctx.url, t("segmentUpdate"), { id: other.id, name: "x" }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("segmentDelete"), { id: other.id }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("fetchCustomerSegment"), { number: "+905560000009" }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("customerSegment"), { number: "+905560000009", segment_id: other.id }, h2)).status).toBe(404)
    expect((await send(ctx.url, c("fetchAllContacts"), { segment_id: other.id }, h2)).status).toBe(404)
    expect((await send(ctx.url, t("segments"), {}, h2)).body.data.items.map((s: { name: string }) => s.name)).not.toContain("High score")
    expect((await send(ctx.url, t("segmentDelete"), { id: other.id }, h)).status).toBe(200)
  })
})
