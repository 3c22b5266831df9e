/**
 * The turn's lock order against a delivery report, on PostgreSQL (PGlite has one connection, so its transactions never
 * overlap and cannot deadlock): while a turn holds the customer's contact, a delivery report of that conversation's
 * message (which locks the conversation, then updates the message, whose rollup trigger updates the conversation and
 * checks its contact key) must finish rather than wait for the turn; before, it waited on the contact while the turn
 * went on to wait for the conversation: a deadlock that lost the report.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { customerWrites } from "../../testing/harness"
import { startPostgres, startTestServer, type PostgresCluster, type TestServer } from "../../testing/test-server"
import { storeStatus } from "../chat/status-store"
import { lockTurn } from "./bot-runtime"

describe("chatbot turn locks on postgres", () => {
  let cluster: PostgresCluster
  let server: TestServer
  beforeAll(async () => {
    cluster = await startPostgres()
    server = await startTestServer({ jobs: { autoStart: false }, postgres: cluster })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await cluster?.stop()
  })

  it("lets a delivery report of the conversation finish while a turn holds the customer", async () => {
    const wrote = await customerWrites(server, "+905550040101", { text: "hello" })
    expect(wrote.status).toBe(200)
    const conversationId = Number(wrote.body.data.conversationId)
    const db = server.services.database
    await db.query(
      `INSERT INTO messages (client_id, conversation_id, direction, type, body, payload, external_id, status, sender_kind)
       VALUES (1, $1, 'out', 'text', 'Welcome', '{}'::jsonb, 'wamid.locks-1', 'sent', 'bot')`,
      [conversationId],
    )
    let report: "finished" | "waited" = "waited"
    await db.transaction(async (turn) => {
      await lockTurn(turn, 1, conversationId)
      const delivered = db.transaction((tx) => storeStatus(tx, 1, "wamid.locks-1", "delivered"))
      report = await Promise.race([
        delivered.then(() => "finished" as const),
        new Promise<"waited">((resolve) => setTimeout(() => resolve("waited"), 8000)),
      ])
      if (report === "waited") void delivered.catch(() => undefined)
    })
    expect(report).toBe("finished")
    const [row] = (await db.query(`SELECT status FROM messages WHERE external_id = 'wamid.locks-1'`, [])).rows
    expect(row.status).toBe("delivered")
  }, 60_000)
})
