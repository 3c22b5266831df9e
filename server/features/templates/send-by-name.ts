/**
 * A template named in a message — the chat composer's `/messages/send/template`, a reminder outside the 24-hour
 * window — is the tenant's template of that name and language, sent through template-send.ts like every other send:
 * approved only, parameters checked, opted-out and blocked numbers refused, limits and cost charged.
 */
import type { Db } from "../../db/db"
import { templateByName } from "./template-rows"
import type { TemplateSend } from "./template-send"

export interface NamedTemplate {
  readonly name: string
  readonly language: string
  readonly params?: readonly string[]
}

export const templateSendByName = async (
  db: Db,
  clientId: number,
  named: NamedTemplate,
  number: string,
  who: { userId: number | null; ref?: string },
): Promise<TemplateSend> => ({
  clientId,
  template: await templateByName(db, clientId, named.name, named.language),
  number,
  params: named.params ?? [],
  userId: who.userId,
  ref: who.ref,
})
