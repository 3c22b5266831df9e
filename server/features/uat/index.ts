/** The public module of the uat feature: what other features may use of it. */
export { isUatContactSql, isUatNumber, uatNumberOf, uatNumbersAmong } from "./uat-rules"
