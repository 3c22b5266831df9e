/**
 * What the fake Meta knows (numbers, logins with their pages, what was sent, customers' files) and how its Graph API
 * answers, errors included, in Meta's shapes.
 */
import { randomBytes } from "node:crypto"

export interface FakeApp {
  readonly appSecret: string
  /** Empty until a callback URL passed the verification. */
  readonly callbackUrl: string
}

export interface FakeNumber extends FakeApp {
  readonly ownerClientId: number
  readonly phoneNumberId: string
  readonly wabaId: string
  readonly displayNumber: string
  readonly verifiedName: string
  readonly token: string
}

export interface FakePage {
  readonly id: string
  readonly name: string
  readonly token: string
  readonly instagram: { readonly id: string; readonly username: string } | null
  subscribed: boolean
}

export interface FakeLogin extends FakeApp {
  readonly ownerClientId: number
  readonly userId: string
  readonly name: string
  readonly token: string
  /**
   * `instagram_login`: an Instagram professional account's own login (Business Login for Instagram), whose token
   * graph.instagram.com takes and graph.facebook.com refuses; its one "page" is the account itself (no page id).
   * Otherwise a Facebook login with its pages.
   */
  readonly kind?: "instagram_login"
  readonly pages: FakePage[]
}

/** Which Graph host a call came to: graph.facebook.com (`/dev/graph`) or graph.instagram.com (`/dev/instagram-graph`). */
export type GraphHost = "facebook" | "instagram"

/** Whether `login`'s token is one `host` takes (an Instagram Login token only graph.instagram.com, the others the other). */
export const takesToken = (host: GraphHost, login: Pick<FakeLogin, "kind">) => (login.kind === "instagram_login") === (host === "instagram")

export interface FakeSend {
  readonly id: string
  /** The phone number id or page id that sent it. */
  readonly from: string
  readonly to: string
  readonly message: Record<string, unknown>
  readonly at: string
}

/** What a business did to a chat besides sending: a read mark (WhatsApp, with or without typing) or a sender action. */
export interface FakeAction {
  readonly from: string
  readonly to: string
  /** `read`, `typing` (WhatsApp's read mark with `typing_indicator`), or Messenger's `typing_on` / `typing_off` / `mark_seen`. */
  readonly action: string
  /** The customer's message a WhatsApp read mark points at. */
  readonly messageId?: string
  readonly at: string
}

/** A file a customer's phone uploaded to Meta, fetched by its media id with the number's token. */
export interface FakeMedia {
  readonly phoneNumberId: string
  readonly mime: string
  readonly bytes: Buffer
}

export interface GraphAnswer {
  readonly status: number
  readonly body: Record<string, unknown>
}

export const metaError = (status: number, code: number, message: string, type = "OAuthException", subcode?: number): GraphAnswer => ({
  status,
  body: {
    error: {
      message,
      type,
      code,
      ...(subcode ? { error_subcode: subcode } : {}),
      error_data: { details: message },
      fbtrace_id: randomBytes(8).toString("base64url"),
    },
  },
})

export const noObject = (id: string) =>
  metaError(
    400,
    100,
    `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    "GraphMethodException",
  )
export const badToken = () => metaError(401, 190, "Invalid OAuth access token - Cannot parse access token")
