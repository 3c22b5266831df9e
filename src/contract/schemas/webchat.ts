import { Schema } from "effect"
import { isWebchatOrigin, WEBCHAT_GREETING_MAX, WEBCHAT_MAX_ORIGINS } from "../webchat-rules"

export const HexColor = Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{6}$/))
/** A pre-chat field: not asked, asked, or asked and required. */
export const PrechatMode = Schema.Literals(["off", "optional", "required"])
export type PrechatMode = typeof PrechatMode.Type
export const WebchatOrigin = Schema.String.check(
  Schema.makeFilter((origin: string) => isWebchatOrigin(origin) || "an origin is https://host or https://host:port, nothing more"),
)

/** What the tenant sets (webchat.webchatUpdate). */
export const WebchatSettings = Schema.Struct({
  enabled: Schema.Boolean,
  color: HexColor,
  text_color: HexColor,
  greeting: Schema.String.check(Schema.isMaxLength(WEBCHAT_GREETING_MAX)),
  position: Schema.Literals(["right", "left"]),
  prechat: Schema.Struct({ name: PrechatMode, email: PrechatMode, phone: PrechatMode }),
  allowed_origins: Schema.Array(WebchatOrigin).check(Schema.isMaxLength(WEBCHAT_MAX_ORIGINS)),
})
export type WebchatSettings = typeof WebchatSettings.Type

/** The settings with the widget's public key and the address of its script (the snippet is made from them). */
export const WebchatConfig = Schema.Struct({
  ...WebchatSettings.fields,
  widget_key: Schema.String,
  script_url: Schema.String,
})
export type WebchatConfig = typeof WebchatConfig.Type
