/** The public module of the chatbots feature: what other features may use of it. */
export { botTurnEnded } from "./hooks"
export { queueMessageAsBot } from "./bot-send"
export { botHasSql } from "./bot-turn"
export { inWorkingHours } from "./working-hours"
