/** The public module of the templates feature: what other features may use of it. */
export { isOptOut } from "./opt-out"
export { templateSendByName } from "./send-by-name"
export { templateChannelOf } from "./template-channel"
export { announceStatus } from "./template-review"
export { templateByName, templateFromJson, templateJsonSql } from "./template-rows"
export { chargeTemplateSends, queueTemplates, refusalsOf, sendChecksOf, sendTemplateTo, templatePayloadOf } from "./template-send"
export type { TemplateSend } from "./template-send"
export { checkSendable } from "./template-status"
