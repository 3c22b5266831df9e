/** The public module of the data-rights feature: what other features may use of it. */
export { customerRefOf } from "./data-rights"
export { KINDS } from "./customer-rows"
