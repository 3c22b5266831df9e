/** The public module of the sms feature: what other features may use of it. */
export { gatewayOf } from "./gateway"
export { hintOf, open, seal } from "./secret-box"
export { queueSms, sendableMask } from "./send"
export { closeGateway } from "./gateway"
export { RECEIPT_ESM, SMPP, createSmppServer, pduText } from "./smpp"
export type { Pdu, SmppServer, SmppSession } from "./smpp"
