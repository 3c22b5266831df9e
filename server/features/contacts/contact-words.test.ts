/**
 * Word search on both databases against a naive scan written here: over random names, numbers and attribute values
 * with Turkish letters (ı İ ş Ş ğ Ğ ...), written by a multi-row insert, the CSV import (new and merged rows), the
 * contact editor and a delete, the list call finds exactly the contacts in which every typed word starts a word of the
 * raw row, folded as the search folds (Ç Ğ İ Ö Ş Ü to ç ğ i ö ş ü, A-Z to a-z; ı stays ı), with the exact total, and
 * nothing of tenant one's book (whose seeded names the random words may also start).
 */
import { sql } from "drizzle-orm"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { rowsOf } from "../../db/rows"
import { DB_KINDS, as, callOf, login, send, useServer } from "../../testing/harness"

const LETTERS = [..."aAbBçÇgGğĞıIiİoOöÖsSşŞuUüÜzZ"]
const DIGITS = [..."0123456789"]
const SEPARATORS = [" ", "  ", "-", "'", ".", ", "]

/** The search's folding and splitting (migration 0018's contact_fold and contact_split), read plainly. */
const TURKISH_CAPITALS: Record<string, string> = { Ç: "ç", Ğ: "ğ", İ: "i", Ö: "ö", Ş: "ş", Ü: "ü" }
const fold = (text: string) => text.replace(/[ÇĞİÖŞÜ]/g, (c) => TURKISH_CAPITALS[c]).replace(/[A-Z]/g, (c) => c.toLowerCase())
const wordsOf = (text: string) =>
  fold(text)
    .split(/[\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e \t\n\r\f\v]+/)
    .filter((word) => word !== "")
    .map((word) => [...word].slice(0, 64).join(""))

interface Row {
  readonly id: number
  readonly name: string
  readonly number: string
  /** The attribute values as text (jsonb_each_text), nulls left out. */
  readonly values: readonly string[]
}

const naive = (rows: readonly Row[], typed: string): number[] => {
  const wanted = wordsOf(typed)
  if (wanted.length === 0) return []
  return rows
    .filter((row) => {
      const words = wordsOf([row.name, row.number, ...row.values].join(" "))
      return wanted.every((w) => words.some((word) => word.startsWith(w)))
    })
    .map((row) => row.id)
    .sort((a, b) => a - b)
}

const word = fc.array(fc.constantFrom(...LETTERS, ...LETTERS, ...DIGITS), { minLength: 1, maxLength: 7 }).map((cs) => cs.join(""))
const phrase = fc
  .tuple(fc.array(fc.tuple(word, fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 3 }), word)
  .map(([pairs, last]) => pairs.map(([w, s]) => w + s).join("") + last)
const person = fc.record({ name: phrase, city: phrase, code: word })

/** What a person types: starts of words seen in the book (case changed or not), or anything, joined by separators. */
const typedFrom = (rows: readonly Row[]) => {
  const seen = rows.flatMap((row) => [row.name, ...row.values].flatMap((text) => text.split(/[ \-'.,]+/)))
  const start = fc
    .tuple(fc.constantFrom(...seen.filter((w) => w !== "")), fc.nat(8), fc.constantFrom("same", "upper", "lower", "turkishUpper"))
    .map(([w, n, change]) => {
      const cut = [...w].slice(0, Math.max(1, n)).join("")
      return change === "upper"
        ? cut.toUpperCase()
        : change === "lower"
          ? cut.toLowerCase()
          : change === "turkishUpper"
            ? cut.toLocaleUpperCase("tr")
            : cut
    })
  return fc
    .array(fc.oneof({ arbitrary: start, weight: 4 }, { arbitrary: word, weight: 1 }), { minLength: 1, maxLength: 3 })
    .chain((parts) => fc.constantFrom(...SEPARATORS).map((s) => parts.join(s)))
    .filter((typed) => typed.trim() !== "" && !(/^\+?[\d\s().-]+$/.test(typed.trim()) && typed.replace(/\D/g, "").length >= 4))
}

const c = (name: Parameters<typeof callOf<"contacts">>[1]) => callOf("contacts", name)

describe.each(DB_KINDS)("contact word search on %s", (kind) => {
  const ctx = useServer(kind)

  it("finds exactly what a naive scan of the raw rows finds, whoever wrote them", async () => {
    const db = ctx.server.services.database.db
    const h = as((await login(ctx.url, "admin2")).user_token)
    const people = fc.sample(fc.array(person, { minLength: 40, maxLength: 40 }), { numRuns: 1, seed: 18 })[0]
    const number = (i: number) => `+9055512${String(i).padStart(5, "0")}`
    // A multi-row insert (the statement trigger), then the CSV import: ten new rows and five merged into existing ones.
    const values = people
      .slice(0, 30)
      .map((p, i) => sql`(2, ${p.name}, ${number(i)}, ${JSON.stringify({ city: p.city, code: p.code })}::jsonb)`)
    await db.execute(sql`INSERT INTO contacts (client_id, name, number, attributes) VALUES ${sql.join(values, sql`, `)}`)
    // The merged rows come with other names and values than they were inserted with.
    const csvRows = people
      .slice(25, 40)
      .map((p, i) => (i < 5 ? people[35 + i] : p))
      .map((p, i) => [number(25 + i), p.name, p.city, p.code].map((x) => `"${x.replace(/"/g, '""')}"`))
    const imported = await send(
      ctx.url,
      c("addCustomers"),
      { file_name: "words.csv", file: `number,name,city,code\n${csvRows.join("\n")}` },
      h,
    )
    expect(imported.body.data).toMatchObject({ imported: 10, merged: 5, rejected: 0 })
    // The editor renames three contacts and changes their attributes; one contact is deleted.
    const rowsNow = async (): Promise<Row[]> =>
      rowsOf(
        await db.execute(sql`SELECT id, name, number,
          array(SELECT v FROM jsonb_each_text(attributes) e(k, v) WHERE v IS NOT NULL) AS values
          FROM contacts WHERE client_id = 2 ORDER BY id`),
      ).map((r) => ({ id: Number(r.id), name: String(r.name), number: String(r.number), values: (r.values as unknown[]).map(String) }))
    const written = (await rowsNow()).filter((row) => row.number.startsWith("+9055512"))
    for (const [i, row] of written.slice(0, 3).entries()) {
      const p = people[39 - i]
      const edited = await send(ctx.url, c("userByIdAttributes"), { id: row.id, name: `${p.city} Yeni`, attributes: { city: p.name } }, h)
      expect(edited.status).toBe(200)
    }
    await db.execute(sql`DELETE FROM contacts WHERE id = ${written[3].id}`)
    const rows = await rowsNow()

    let found = 0
    await fc.assert(
      fc.asyncProperty(typedFrom(rows), async (typed) => {
        const reply = await send(ctx.url, c("fetchAllContacts"), { search: typed, limit: 1000 }, h)
        const expected = naive(rows, typed)
        if (expected.length > 0) found++
        expect(
          reply.body.data.items.map((x: { id: number }) => x.id).sort((a: number, b: number) => a - b),
          typed,
        ).toEqual(expected)
        expect(reply.body.data.totalItems, typed).toBe(expected.length)
        // The second page of three, newest first, with the same total.
        const second = await send(ctx.url, c("fetchAllContacts"), { search: typed, limit: 3, page: 2 }, h)
        expect(
          second.body.data.items.map((x: { id: number }) => x.id),
          typed,
        ).toEqual([...expected].reverse().slice(3, 6))
        expect(second.body.data.totalItems, typed).toBe(expected.length)
      }),
      { numRuns: 120, seed: 1818 },
    )
    // A good share of what was typed finds someone: the property is not only about empty answers.
    expect(found).toBeGreaterThan(30)
  }, 180_000)
})
