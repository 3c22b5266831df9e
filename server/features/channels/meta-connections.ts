/**
 * The two ways a Facebook page or Instagram account is connected, and what each asks Meta:
 *  - Facebook Login (a page, or an Instagram account linked to a page): the login's token at graph.facebook.com lists
 *    its pages with their tokens and Instagram accounts; a page subscribes with its token (`/{page-id}/subscribed_apps`).
 *  - Instagram Login (Business Login for Instagram; Instagram only): the Instagram user's token at graph.instagram.com
 *    is the account itself; it subscribes with `/me/subscribed_apps`.
 * The kind is found from the token: graph.facebook.com refuses an Instagram Login token and graph.instagram.com a
 * Facebook one, so an Instagram token Facebook refuses is tried at Instagram's host before the refusal is answered.
 */
import { GraphError } from "../../channels/meta/graph-client"
import { instagramMe, subscribeInstagram, unsubscribeInstagram } from "../../channels/meta/instagram-login"
import { type ManagedPage, managedPages, subscribePage, unsubscribePage, whoAmI } from "../../channels/meta/pages-api"
import type { Config } from "../../config"
import { type AccountRow, graphBaseOf, instagramBaseOf, loginKindOf, type MetaLoginKind } from "./accounts"

export interface LoginOwner {
  readonly id: string
  readonly name: string
  readonly kind: MetaLoginKind
}

export const loginOwner = async (config: Config, channel: "facebook" | "instagram", token: string): Promise<LoginOwner> => {
  try {
    return { ...(await whoAmI(graphBaseOf(config), token)), kind: "facebook_login" }
  } catch (refused) {
    if (channel !== "instagram" || !(refused instanceof GraphError) || refused.code === null) throw refused
    try {
      const account = await instagramMe(instagramBaseOf(config), token)
      return { id: account.id, name: account.name || account.username, kind: "instagram_login" }
    } catch {
      throw refused
    }
  }
}

/** The pages a login manages (an Instagram Login: its one account, with no page of its own). */
export const pagesOfLogin = async (config: Config, login: Pick<AccountRow, "config">, token: string): Promise<ManagedPage[]> => {
  if (loginKindOf(login) === "facebook_login") return managedPages(graphBaseOf(config), token)
  const account = await instagramMe(instagramBaseOf(config), token)
  const instagram = { id: account.id, username: account.username, pictureUrl: account.pictureUrl }
  return [{ id: "", name: account.username, pictureUrl: account.pictureUrl, token, instagram }]
}

export const subscribeAccount = (config: Config, kind: MetaLoginKind, pageId: string, token: string) =>
  kind === "instagram_login" ? subscribeInstagram(instagramBaseOf(config), token) : subscribePage(graphBaseOf(config), pageId, token)

export const unsubscribeAccount = (config: Config, account: Pick<AccountRow, "config" | "externalId">, token: string) => {
  if (loginKindOf(account) === "instagram_login") return unsubscribeInstagram(instagramBaseOf(config), token)
  const pageId = typeof account.config.page_id === "string" ? account.config.page_id : account.externalId
  return unsubscribePage(graphBaseOf(config), pageId, token)
}
