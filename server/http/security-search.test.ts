/**
 * Security suite, searches: `%` and `_` typed in a search box are literal characters, never LIKE wildcards, and no
 * server module builds a LIKE pattern by hand (db/rows.ts `likeOf` is the one place that escapes them).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { DB_KINDS, as, callOf, login, send, useServer } from "../testing/harness"

const serverDir = fileURLToPath(new URL("..", import.meta.url))

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sources(path)
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : []
  })

/** A `%` glued to an interpolation or concatenated in SQL: a pattern built from raw text. */
const HAND_BUILT = [/`%\$\{/, /\}%`/, /'%'\s*\|\|/, /\|\|\s*'%'/, /["'`]%["'`]\s*\+/, /\+\s*["'`]%["'`]/]

describe("LIKE patterns", () => {
  it("are built only by likeOf (server/db/rows.ts)", () => {
    const offenders = sources(serverDir)
      .filter((file) => !file.endsWith(join("db", "rows.ts")))
      .flatMap((file) =>
        readFileSync(file, "utf8")
          .split("\n")
          .flatMap((line, i) => (HAND_BUILT.some((re) => re.test(line)) ? [`${relative(serverDir, file)}:${i + 1}: ${line.trim()}`] : [])),
      )
    expect(offenders).toEqual([])
  })
})

describe.each(DB_KINDS)("search wildcards on %s", (kind) => {
  const ctx = useServer(kind)

  it("treats % and _ as literal text in the users, roles and permissions searches", async () => {
    const h = as((await login(ctx.url, "admin")).user_token)
    const searches = [
      { call: callOf("users", "fetchListUsers"), create: callOf("users", "usersCreate"), fields: ["username", "display_name", "email"] },
      { call: callOf("roles", "fetchListRoles"), create: callOf("roles", "rolesCreate"), fields: ["name"] },
      { call: callOf("permissions", "fetchListPermissions"), create: callOf("permissions", "permissionsCreate"), fields: ["key", "name"] },
    ]
    const list = async (call: (typeof searches)[number]["call"], search?: string) => {
      const reply = await send(ctx.url, call, { ...(search === undefined ? {} : { search }), limit: 1000 }, h)
      expect(reply.status, `${call.name} ${JSON.stringify(reply.body)}`).toBe(200)
      return reply.body.data as { items: Record<string, unknown>[]; totalItems: number }
    }
    // The oracle: how many rows really hold the text, read from the unfiltered list.
    const holding = async ({ call, fields }: (typeof searches)[number], text: string) =>
      (await list(call)).items.filter((item) =>
        fields.some((f) =>
          String(item[f] ?? "")
            .toLowerCase()
            .includes(text),
        ),
      ).length
    for (const search of searches) {
      for (const text of ["%", "_", "a%n", "a_m"]) {
        expect((await list(search.call, text)).totalItems, `${search.call.name} "${text}"`).toBe(await holding(search, text))
      }
    }
    // A name that really holds the characters is still found by them.
    expect(
      (
        await send(
          ctx.url,
          searches[0].create,
          { username: "pct_user", email: "pct@acme.example", password: "password-1", display_name: "Fifty 50%_off" },
          h,
        )
      ).status,
    ).toBe(200)
    expect((await send(ctx.url, searches[1].create, { name: "Fifty 50%_off" }, h)).status).toBe(200)
    expect((await send(ctx.url, searches[2].create, { key: "BACK:fifty_off", name: "Fifty 50%_off" }, h)).status).toBe(200)
    for (const { call } of searches) expect((await list(call, "0%_o")).totalItems, `${call.name} 0%_o`).toBe(1)
  })
})
