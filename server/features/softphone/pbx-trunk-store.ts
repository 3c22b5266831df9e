/**
 * The tenant's SIP trunk, stored as one client_settings row ("pbx_trunk") with its password (the carrier needs it
 * in clear for digest authentication; it is never read back to the console).
 */
import { and, eq, sql } from "drizzle-orm"
import type { PbxTrunk, PbxTrunkInput } from "../../../src/contract/schemas/pbx"
import { clientSettings } from "../../db/schema/tenants"
import type { Db } from "../../db/db"

export const TRUNK_KEY = "pbx_trunk"

/** What is stored: the input with the password kept. */
export type StoredTrunk = Omit<PbxTrunkInput, "password"> & { readonly password: string }

export const trunkOf = async (db: Db, clientId: number): Promise<StoredTrunk | null> => {
  const [row] = await db
    .select({ value: clientSettings.value })
    .from(clientSettings)
    .where(and(eq(clientSettings.clientId, clientId), eq(clientSettings.key, TRUNK_KEY)))
  return row ? (row.value as StoredTrunk) : null
}

/** Every tenant's trunk (what Kamailio is told). */
export const allTrunks = async (db: Db): Promise<{ clientId: number; trunk: StoredTrunk }[]> =>
  (await db.select().from(clientSettings).where(eq(clientSettings.key, TRUNK_KEY))).map((row) => ({
    clientId: row.clientId,
    trunk: row.value as StoredTrunk,
  }))

/** The tenants other than `clientId` whose trunk already claims one of `numbers`. */
export const numbersTakenElsewhere = async (db: Db, clientId: number, numbers: readonly string[]): Promise<string[]> => {
  if (numbers.length === 0) return []
  const rows = await db
    .select({ value: clientSettings.value })
    .from(clientSettings)
    .where(and(eq(clientSettings.key, TRUNK_KEY), sql`${clientSettings.clientId} <> ${clientId}`))
  const taken = new Set(rows.flatMap((row) => (row.value as StoredTrunk).inbound_numbers))
  return numbers.filter((number) => taken.has(number))
}

export const saveTrunk = async (db: Db, clientId: number, trunk: StoredTrunk) => {
  await db
    .insert(clientSettings)
    .values({ clientId, key: TRUNK_KEY, value: trunk })
    .onConflictDoUpdate({ target: [clientSettings.clientId, clientSettings.key], set: { value: trunk, updatedAt: new Date() } })
}

export const publicTrunk = ({ password, ...trunk }: StoredTrunk): PbxTrunk => ({ ...trunk, password_set: password !== "" })
