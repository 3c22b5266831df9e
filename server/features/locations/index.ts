/** The public module of the locations feature: what other features may use of it. */
export { locationTaken } from "./hooks"
export { contactById, inWindow, messageCustomer } from "./customer-message"
export { sharedLocationOf } from "./location-hook"
export { nearestBranches } from "./nearest"
