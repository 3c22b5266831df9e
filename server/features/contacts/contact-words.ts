/**
 * Word search over the contact book: what was typed is split and folded by the database's own `contact_split` (migration
 * 0018, the rule the stored words follow), and every typed word must start a word of the contact's name, number or
 * attribute values. Each typed word is one range scan of `contact_words_prefix_idx`; several words intersect their
 * contact ids. A word search alone is counted and paged on the index only (`wordMatches`).
 */
import { sql, type SQL } from "drizzle-orm"
import type { Db } from "../../db/db"
import { prefixLikeOf, rowsOf } from "../../db/rows"

/** The words the search looks up: typed text split and folded exactly as the stored words are. */
export const typedWords = async (db: Db, text: string): Promise<string[]> => [
  ...new Set(rowsOf(await db.execute(sql`SELECT contact_split(${text}) AS w`)).map((row) => String(row.w))),
]

/** The ids (column `contact_id`, each once) of the tenant's contacts in which every word starts a word; none without words. */
export const wordMatchIds = (clientId: number, words: readonly string[]): SQL => {
  if (words.length === 0) return sql`SELECT NULL::int AS contact_id WHERE FALSE`
  const scan = (word: string) => sql`SELECT contact_id FROM contact_words WHERE client_id = ${clientId} AND word LIKE ${prefixLikeOf(word)}`
  if (words.length === 1) return sql`SELECT DISTINCT contact_id FROM (${scan(words[0])}) w`
  return sql.join(words.map(scan), sql` INTERSECT `)
}

/** Up to this many distinct stored words one typed word starts, its page is read word by word (see `pageOfOneWord`). */
const WORDS_READ_ONE_BY_ONE = 100

/**
 * The page of one typed word without reading all its matches: the distinct stored words it starts (a loose index scan,
 * one index probe each), then each word's newest `offset + limit` contacts, which the index holds in contact order;
 * the page's ids are among them. Null when the word starts more words than that (one or two letters): read it all.
 */
const pageOfOneWord = async (
  db: Db,
  clientId: number,
  word: string,
  limit: number,
  offset: number,
): Promise<{ readonly ids: number[]; readonly started: string[] } | null> => {
  const like = prefixLikeOf(word)
  const [row] = rowsOf(
    await db.execute(sql`WITH RECURSIVE ws(word, n) AS (
        (SELECT word, 1 FROM contact_words WHERE client_id = ${clientId} AND word LIKE ${like} ORDER BY word USING ~<~ LIMIT 1)
        UNION ALL
        SELECT (SELECT w.word FROM contact_words w WHERE w.client_id = ${clientId} AND w.word LIKE ${like} AND w.word ~>~ ws.word
          ORDER BY w.word USING ~<~ LIMIT 1), ws.n + 1
        FROM ws WHERE ws.word IS NOT NULL AND ws.n <= ${WORDS_READ_ONE_BY_ONE})
      SELECT array(SELECT word FROM ws WHERE word IS NOT NULL) AS words, array(
        SELECT DISTINCT x.contact_id FROM ws, LATERAL (SELECT c.contact_id FROM contact_words c
          WHERE c.client_id = ${clientId} AND c.word = ws.word ORDER BY c.contact_id DESC LIMIT ${offset + limit}) x
        ORDER BY 1 DESC LIMIT ${limit} OFFSET ${offset}) AS ids`),
  )
  const started = (row.words as unknown[]).map(String)
  return started.length > WORDS_READ_ONE_BY_ONE ? null : { ids: (row.ids as unknown[]).map(Number), started }
}

/** The total and the page's ids (newest first) of a word search with no other filter, from contact_words alone. */
export const wordMatches = async (
  db: Db,
  clientId: number,
  words: readonly string[],
  limit: number,
  offset: number,
): Promise<{ readonly ids: readonly number[]; readonly total: number }> => {
  const ids = wordMatchIds(clientId, words)
  if (words.length === 1) {
    const page = await pageOfOneWord(db, clientId, words[0], limit, offset)
    if (page) {
      // When the typed word starts one stored word, the index holds its contacts in order: distinct without hashing.
      const [count] = rowsOf(
        await db.execute(
          page.started.length === 1
            ? sql`SELECT count(*)::int AS n FROM (SELECT DISTINCT contact_id FROM contact_words
                WHERE client_id = ${clientId} AND word = ${page.started[0]} ORDER BY contact_id) m`
            : sql`SELECT count(*)::int AS n FROM (${ids}) m`,
        ),
      )
      return { ids: page.ids, total: Number(count.n) }
    }
  }
  const [row] = rowsOf(
    await db.execute(sql`WITH m AS MATERIALIZED (${ids})
      SELECT (SELECT count(*)::int FROM m) AS n, array(SELECT contact_id FROM m ORDER BY contact_id DESC LIMIT ${limit} OFFSET ${offset}) AS ids`),
  )
  return { ids: (row.ids as unknown[]).map(Number), total: Number(row.n) }
}
