/** The public module of the channels feature: what other features and the development start may use of it. */
export { webhookUrlOf } from "./accounts"
