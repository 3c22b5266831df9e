/**
 * The opt-out blacklist (`template_blacklist`): numbers that template messages never reach. A customer joins it by
 * writing one of the opt-out words alone (STOP, İPTAL, إلغاء; any case, surrounding spaces and punctuation ignored),
 * which the chat reports here (its `inboundStored` hook: chat-reactions.ts); Clear number takes numbers off it.
 * Numbers are kept as written by the customer's channel; a lookup matches with or without the leading `+`.
 */
import { sql } from "drizzle-orm"
import type { Db } from "../../db/db"
import { rowsOf } from "../../db/rows"
import { ApiError } from "../../http/errors"

const OPT_OUT_WORDS = new Set(["stop", "iptal", "إلغاء", "الغاء", "unsubscribe"])

/** Whether a customer's message is an opt-out (the word alone). */
export const isOptOut = (text: string): boolean => {
  const word = text
    .trim()
    .replace(/^[\s.!?،؟]+|[\s.!?،؟]+$/gu, "")
    .normalize("NFC")
  return OPT_OUT_WORDS.has(word.toLocaleLowerCase("tr")) || OPT_OUT_WORDS.has(word.toLowerCase())
}

const variants = (number: string) => {
  const digits = number.replace(/^\+/, "")
  return [digits, `+${digits}`]
}

/** Adds the number (when the text is an opt-out), in the caller's transaction. */
export const optOutIfAsked = async (db: Db, clientId: number, number: string, text: string) => {
  if (!isOptOut(text)) return false
  await db.execute(sql`INSERT INTO template_blacklist (client_id, number, reason) VALUES (${clientId}, ${number}, ${`The customer wrote "${text.trim().slice(0, 40)}"`})
    ON CONFLICT (client_id, number) DO NOTHING`)
  return true
}

/** The query of the blacklist's rows (column `number`, as stored) that may be among `numbers`; `listedOf` reads them. */
export const blacklistSql = (clientId: number, numbers: readonly string[]) =>
  sql`SELECT number FROM template_blacklist WHERE client_id = ${clientId}
    AND number IN (${sql.join(
      numbers.flatMap(variants).map((n) => sql`${n}`),
      sql`, `,
    )})`

/** The numbers among `numbers` (as given) that the blacklist's rows `listed` name, with or without the `+`. */
export const listedOf = (numbers: readonly string[], listed: readonly unknown[]): Set<string> => {
  const bare = new Set(listed.map((n) => String(n).replace(/^\+/, "")))
  return new Set(numbers.filter((n) => bare.has(n.replace(/^\+/, ""))))
}

/** The blacklisted numbers among `numbers` (as given). */
export const blacklistedAmong = async (db: Db, clientId: number, numbers: readonly string[]): Promise<Set<string>> => {
  if (numbers.length === 0) return new Set()
  const rows = rowsOf(await db.execute(blacklistSql(clientId, numbers)))
  return listedOf(
    numbers,
    rows.map((r) => r.number),
  )
}

export const optedOutError = (number: string) =>
  new ApiError(
    409,
    "OPTED_OUT",
    `${number} opted out of template messages (the customer wrote STOP): take it off the blacklist with Clear number first`,
    "to",
  )

/** Takes the numbers off the blacklist; answers which were on it. */
export const clearNumbers = async (db: Db, clientId: number, numbers: readonly string[]) => {
  const listed = await blacklistedAmong(db, clientId, numbers)
  const all = [...listed].flatMap(variants)
  if (all.length > 0)
    await db.execute(
      sql`DELETE FROM template_blacklist WHERE client_id = ${clientId} AND number IN (${sql.join(
        all.map((n) => sql`${n}`),
        sql`, `,
      )})`,
    )
  return { cleared: numbers.filter((n) => listed.has(n)), not_listed: numbers.filter((n) => !listed.has(n)) }
}
