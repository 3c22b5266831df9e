/**
 * `npm run seed -- --call-records 1000000 --client 1 [--days 30]`: bulk-writes volume into the database the server
 * would use (DATABASE_URL, or DATA_DIR/./data), migrating and seeding the demo world first when it is new.
 */
import { parseArgs } from "node:util"
import { eq } from "drizzle-orm"
import { openDatabase, migrateDatabase } from "./db"
import { seedIfEmpty } from "./seed/world"
import { seedCallRecords } from "./seed/calls"
import { users } from "./schema/identity"

const { values } = parseArgs({
  options: {
    "call-records": { type: "string", default: "0" },
    client: { type: "string", default: "1" },
    days: { type: "string", default: "30" },
    seed: { type: "string" },
  },
})
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR ?? "./data",
})
await migrateDatabase(database)
if (await seedIfEmpty(database)) console.log("Seeded the demo world")
const count = Number(values["call-records"])
const clientId = Number(values.client)
if (count > 0) {
  const agents = await database.db.select({ id: users.id }).from(users).where(eq(users.clientId, clientId))
  const started = Date.now()
  await seedCallRecords(database, {
    clientId,
    count,
    agentIds: agents.map((a) => a.id),
    days: Number(values.days),
    seed: Number(values.seed ?? Date.now() % 100000),
    batch: 10_000,
    onProgress: (done) => {
      if (done % 100_000 === 0 || done === count) console.log(`  ${done} call records`)
    },
  })
  const seconds = (Date.now() - started) / 1000
  console.log(`Wrote ${count} call records for client ${clientId} in ${seconds.toFixed(1)} s (${Math.round(count / seconds)} rows/s)`)
}
await database.close()
