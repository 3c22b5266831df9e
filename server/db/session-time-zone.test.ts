/**
 * A PostgreSQL cluster whose default zone is not UTC (initdb takes the machine's): the server's sessions still run in
 * UTC (db.ts), so a day's bounds and the dashboard's figures are the same as on a cluster set up in UTC.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { as, callOf, customerWrites, login, send } from "../testing/harness"
import { type PostgresCluster, startPostgres, startTestServer, type TestServer } from "../testing/test-server"

describe("a PostgreSQL cluster set up in Lord Howe time", () => {
  let cluster: PostgresCluster
  let server: TestServer
  beforeAll(async () => {
    cluster = await startPostgres({ timeZone: "Australia/Lord_Howe" })
    server = await startTestServer({ postgres: cluster })
  })
  afterAll(async () => {
    await server?.stop()
    await cluster?.stop()
  })

  it("reads a bare date as midnight UTC and counts today's messages as a naive UTC count does", async () => {
    const query = (text: string, params: unknown[] = []) => server.services.database.query(text, params)
    const [bound] = (await query("SELECT current_setting('TimeZone') AS zone, '2031-01-04'::timestamptz = '2031-01-04T00:00:00Z' AS utc"))
      .rows
    expect(bound).toEqual({ zone: "UTC", utc: true })

    expect((await customerWrites(server, "+905551239999")).status).toBe(200)
    const today = new Date().toISOString().slice(0, 10)
    const [naive] = (
      await query(
        `SELECT count(*)::int AS n FROM messages m JOIN conversations c ON c.id = m.conversation_id
         WHERE m.client_id = 1 AND m.direction = 'in' AND NOT c.is_test
           AND m.dt >= $1::date AT TIME ZONE 'UTC' AND m.dt < ($1::date + 1) AT TIME ZONE 'UTC'`,
        [today],
      )
    ).rows
    const token = (await login(server.url, "admin")).user_token
    const reply = await send(server.url, callOf("dashboard", "infoBoxes"), { start_date: today, end_date: today }, as(token))
    expect(reply.status).toBe(200)
    expect(reply.body.data.messages_in).toBe(naive.n)
  })
})
