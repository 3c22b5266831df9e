/**
 * Facebook login's side of the Graph API: who the token belongs to, the pages it manages (with their Instagram
 * business accounts and page tokens), and a page's subscription of the app's webhook (`/{page-id}/subscribed_apps`).
 */
import { graphCall } from "./graph-client"

export const PAGE_FIELDS = "messages,message_echoes,message_reads,message_deliveries,messaging_postbacks,message_reactions"

export interface ManagedPage {
  readonly id: string
  readonly name: string
  readonly pictureUrl: string | null
  readonly token: string
  readonly instagram: { readonly id: string; readonly username: string; readonly pictureUrl: string | null } | null
}

type Obj = Record<string, unknown>
const obj = (v: unknown): Obj => (v && typeof v === "object" && !Array.isArray(v) ? (v as Obj) : {})
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "")

export const whoAmI = async (baseUrl: string, token: string) => {
  const me = await graphCall<{ id?: string; name?: string }>({ baseUrl, token, method: "GET", path: "me?fields=id,name" })
  return { id: str(me.id), name: str(me.name) }
}

export const managedPages = async (baseUrl: string, token: string): Promise<ManagedPage[]> => {
  const answer = await graphCall<{ data?: unknown[] }>({
    baseUrl,
    token,
    method: "GET",
    path: "me/accounts?fields=id,name,access_token,picture{url},instagram_business_account{id,username,profile_picture_url}&limit=100",
  })
  return (answer.data ?? []).map(obj).map((p) => {
    const ig = obj(p.instagram_business_account)
    return {
      id: str(p.id),
      name: str(p.name),
      pictureUrl: str(obj(obj(p.picture).data).url) || null,
      token: str(p.access_token),
      instagram: str(ig.id) ? { id: str(ig.id), username: str(ig.username), pictureUrl: str(ig.profile_picture_url) || null } : null,
    }
  })
}

export const subscribePage = (baseUrl: string, pageId: string, pageToken: string) =>
  graphCall({
    baseUrl,
    token: pageToken,
    method: "POST",
    path: `${encodeURIComponent(pageId)}/subscribed_apps?subscribed_fields=${PAGE_FIELDS}`,
  })

export const unsubscribePage = (baseUrl: string, pageId: string, pageToken: string) =>
  graphCall({ baseUrl, token: pageToken, method: "DELETE", path: `${encodeURIComponent(pageId)}/subscribed_apps` })
