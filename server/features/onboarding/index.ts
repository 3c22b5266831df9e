/** The public module of the onboarding feature: what other features may use of it. */
export { callSettingOf } from "./call-setting"
