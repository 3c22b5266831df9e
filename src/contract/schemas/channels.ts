import { Schema } from "effect"
import { Id, Name, Phone } from "./common"
import { AccessToken, ChannelStatus, PageId } from "./tenants"

/**
 * A tenant's connection to a channel: its state (connected, not, or failing with the reason), what to paste in
 * Meta's console (the webhook URL and verify token) and a hint of the stored token, never the token itself.
 */
export const ChannelAccount = Schema.Struct({
  ...ChannelStatus.fields,
  /** Null while the channel is not connected. */
  id: Schema.NullOr(Id),
  /** WhatsApp: the phone number id; Facebook and Instagram: the page or account id. */
  external_id: Schema.NullOr(Schema.String),
  webhook_url: Schema.NullOr(Schema.String),
  verify_token: Schema.NullOr(Schema.String),
  /** The last characters of the stored access token (`••••a9`). */
  secret_hint: Schema.NullOr(Schema.String),
  /**
   * Facebook and Instagram: how the login was made. Instagram through Facebook Login sends through its page
   * (graph.facebook.com); through Instagram Login as the Instagram account (graph.instagram.com).
   */
  connection: Schema.optional(Schema.Literals(["facebook_login", "instagram_login"])),
})
export type ChannelAccount = typeof ChannelAccount.Type

/** Meta's app secret: the key of the webhooks' X-Hub-Signature-256 (32 hexadecimal characters today). */
export const AppSecret = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9]{16,128}$/))

/** A WhatsApp Cloud API number as the tenant connects it (from Meta's WhatsApp Manager / embedded sign-up). */
export const WhatsappConnection = Schema.Struct({
  waba_id: PageId,
  phone_number_id: PageId,
  display_number: Phone,
  access_token: AccessToken,
  app_secret: AppSecret,
  display_name: Schema.optional(Name(100)),
})
export type WhatsappConnection = typeof WhatsappConnection.Type
