/**
 * The CSV upload's transport on both databases: the file is the raw `text/csv` body, so one over Fastify's 25 MB JSON
 * limit imports; over 50 MiB is refused with the size in the message before a byte is read; a bad byte deep in the
 * file, or a request cut off midway, imports nothing (the import commits batch by batch, after reading the file through);
 * and every row is accounted for across the batches.
 */
import { request } from "node:http"
import { describe, expect, it, vi } from "vitest"
import { DB_KINDS, as, callOf, login, send, shaped, type Reply } from "../../testing/harness"
import { useServer } from "../../testing/harness"

const c = (name: Parameters<typeof callOf<"contacts">>[1]) => callOf("contacts", name)
const MiB = 1024 * 1024

/** `count` rows of numbers +90 555 `base`+i, each padded past `pad` bytes by a notes column the mapping ignores. */
const csvOf = (count: number, base: number, pad = 0) => {
  const notes = "n".repeat(pad)
  const lines = ["number,name,notes"]
  for (let i = 0; i < count; i++) lines.push(`+90555${String(base + i).padStart(7, "0")},Row ${i},${notes}`)
  return `${lines.join("\n")}\n`
}

describe.each(DB_KINDS)("contact CSV upload on %s", (kind) => {
  const ctx = useServer(kind)
  const total = async (h: Record<string, string>) => (await send(ctx.url, c("fetchAllContacts"), { limit: 1 }, h)).body.data.totalItems
  /** What the planner believes the contacts table holds (only ANALYZE and VACUUM change it, never an insert). */
  const plannedRows = async () =>
    Number((await ctx.server.services.database.query("SELECT reltuples FROM pg_class WHERE relname = 'contacts'", [])).rows[0].reltuples)

  it("imports a 28 MB file (over the 25 MB JSON limit) streamed as text/csv, every row imported", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const before = await total(h)
    expect(await plannedRows()).toBeLessThan(before + 10_000)
    // 10,000 rows (the size that refreshes the planner's statistics) padded to 28 MB.
    const file = csvOf(10_000, 1_000_000, 2_800)
    expect(file.length).toBeGreaterThan(26 * MiB)
    const reply = await send(ctx.url, c("addCustomers"), { file_name: "big.csv", file, mapping: { number: "number", name: "name" } }, h)
    expect(reply.status).toBe(200)
    expect(shaped(c("addCustomers"), reply.body).data).toMatchObject({ rows: 10_000, imported: 10_000, merged: 0, rejected: 0 })
    expect(await total(h)).toBe(before + 10_000)
    // A large import refreshes the planner's statistics (PGlite has no autovacuum) in a job right after its commit:
    // the planner soon plans for the new rows.
    await vi.waitFor(async () => expect(await plannedRows()).toBeGreaterThanOrEqual(before + 10_000), { timeout: 30_000, interval: 200 })
    const last = await send(ctx.url, c("fetchCustomerByNumber"), { number: "+905551009999" }, h)
    expect(last.body.data).toMatchObject({ name: "Row 9999", attributes: {} })
  }, 60_000)

  it("accounts for every row across batches: later rows of a number merge, bad rows are rejected with their line", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const before = await total(h)
    const rows = csvOf(2_500, 2_000_000).trimEnd().split("\n")
    // Lines 2 and 1,501 again at lines 2,502 and 2,503 (the last batch, committed apart from theirs); two bad rows.
    rows.push(rows[1].replace("Row 0", "Again"), rows[1500], "not-a-number,Bad,", ",Empty,")
    const reply = await send(ctx.url, c("addCustomers"), { file_name: "dups.csv", file: rows.join("\n") }, h)
    const result = shaped(c("addCustomers"), reply.body).data
    expect(result).toMatchObject({ rows: 2_504, imported: 2_500, merged: 2, rejected: 2 })
    expect(result.rejections.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [2_504, "invalid_number"],
      [2_505, "missing_number"],
    ])
    expect(await total(h)).toBe(before + 2_500)
    expect((await send(ctx.url, c("fetchCustomerByNumber"), { number: "+905552000000" }, h)).body.data.name).toBe("Again")
  }, 30_000)

  // libphonenumber reads past the quote our CSV writer puts before a "+": an export imports back as it was.
  it("takes back a number as our own exports write it, behind the spreadsheet's leading quote", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const file = `number,name,notes\n"'+905559000001",Quoted,\n`
    const reply = await send(ctx.url, c("addCustomers"), { file_name: "export.csv", file }, h)
    expect(shaped(c("addCustomers"), reply.body).data).toMatchObject({ rows: 1, imported: 1, rejected: 0 })
    expect((await send(ctx.url, c("fetchCustomerByNumber"), { number: "+905559000001" }, h)).body.data.name).toBe("Quoted")
  })

  it("imports nothing when the file turns bad after thousands of rows were written", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const before = await total(h)
    const good = Buffer.from(csvOf(5_000, 3_000_000))
    const reply = await send(
      ctx.url,
      c("addCustomers"),
      { file_name: "bad.csv", file: Buffer.concat([good, Buffer.from([0xc3, 0x28, 0x0a])]) },
      h,
    )
    expect(reply.status).toBe(415)
    expect(reply.body.error.message).toMatch(/not UTF-8/)
    expect(await total(h)).toBe(before)
    expect((await send(ctx.url, c("fetchCustomerByNumber"), { number: "+905553000000" }, h)).status).toBe(404)
  }, 30_000)

  it("imports nothing when the request is cut off midway, and the next upload works", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const before = await total(h)
    const file = Buffer.from(csvOf(4_000, 4_000_000))
    const url = new URL(`${ctx.url}/api/add/customers?file_name=cut.csv`)
    await new Promise<void>((resolve) => {
      const req = request(url, { method: "POST", headers: { ...h, "content-type": "text/csv", "content-length": String(file.length) } })
      req.on("error", () => resolve())
      req.on("response", () => resolve())
      req.write(file.subarray(0, file.length >> 1), () => setTimeout(() => req.destroy(), 200))
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(await total(h)).toBe(before)
    const reply = await send(ctx.url, c("addCustomers"), { file_name: "whole.csv", file }, h)
    expect(reply.body.data).toMatchObject({ rows: 4_000, imported: 4_000 })
  }, 30_000)

  it("refuses over 50 MiB with the size in the message, before reading the body, and closes the connection; JSON is not the file", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    let closed: Promise<void> = Promise.resolve()
    const reply = await new Promise<Reply & { connection: string }>((resolve, reject) => {
      const req = request(new URL(`${ctx.url}/api/add/customers?file_name=huge.csv`), {
        method: "POST",
        headers: { ...h, "content-type": "text/csv", "content-length": String(60 * MiB) },
      })
      req.on("error", reject)
      req.on("socket", (socket) => (closed = new Promise((done) => socket.once("close", () => done()))))
      req.on("response", (res) => {
        let text = ""
        res.on("data", (chunk) => (text += chunk))
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), connection: String(res.headers.connection) }))
      })
      req.write("number\n")
    })
    expect(reply.status).toBe(413)
    expect(reply.body.error.message).toBe("A file may be at most 50 MiB; this one is 60.0 MiB")
    // The rest of the 60 MiB is not waited for: the server closes the connection (it lingered until the request timeout).
    expect(reply.connection).toBe("close")
    await closed
    const json = await fetch(`${ctx.url}/api/add/customers?file_name=a.csv`, {
      method: "POST",
      headers: { ...h, "content-type": "application/json" },
      body: JSON.stringify({ data_base64: "bnVtYmVy" }),
    })
    expect(json.status).toBe(415)
  })
})
