/** The public module of the onboarding feature: what other features may use of it. */
export { callSettingOf, callSettingSaved, tenantsRecordingCalls } from "./call-setting"
