/** The public module of the businesses feature: what other features may use of it. */
export { CLIENT_COLUMNS, LISTED, businessCountsOf, clientOf } from "./client-rows"
export { mediaOfMessages } from "./retention"
