/** One edit of one contact (name, email, attributes merged with null removing one, blocked): the chat panel and the contact book share it. */
import { sql, type SQL } from "drizzle-orm"
import type { Contact } from "../../../src/contract/schemas/contacts"
import type { Db } from "../../db/db"
import { badRequest } from "../../http/errors"

export const MAX_ATTRIBUTES = 100

export interface ContactEdit {
  readonly name?: string
  readonly email?: string
  readonly attributes?: Readonly<Record<string, unknown>>
  readonly blocked?: boolean
}

export const mergeAttributes = (before: Readonly<Record<string, unknown>>, changes: Readonly<Record<string, unknown>>) => {
  const merged: Record<string, unknown> = { ...before }
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  if (Object.keys(merged).length > MAX_ATTRIBUTES)
    throw badRequest(`A customer may have at most ${MAX_ATTRIBUTES} attributes`, "attributes")
  return merged
}

export const editContact = async (db: Db, clientId: number, before: Contact, edit: ContactEdit) => {
  const sets: SQL[] = []
  if (edit.name !== undefined) sets.push(sql`name = ${edit.name}`)
  if (edit.email !== undefined) sets.push(sql`email = ${edit.email}`)
  if (edit.attributes !== undefined)
    sets.push(sql`attributes = ${JSON.stringify(mergeAttributes(before.attributes, edit.attributes))}::jsonb`)
  if (edit.blocked !== undefined) sets.push(sql`blocked = ${edit.blocked}`)
  if (sets.length === 0) throw badRequest("Nothing to update: send name, email, attributes or blocked")
  await db.execute(sql`UPDATE contacts SET ${sql.join(sets, sql`, `)} WHERE id = ${before.id} AND client_id = ${clientId}`)
}
