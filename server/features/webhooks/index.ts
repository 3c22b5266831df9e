/** The public module of the webhooks feature: what other features may use of it. */
export { MAX_WEBHOOKS, checkUrl } from "./webhook-rows"
