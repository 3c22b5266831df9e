/** The one-time-code login's machine, model-based (common/model-check.testing.ts): send, type, verify, refusals, resend. */
import { checkModel } from "../common/model-check.testing"
import { otpLoginMachine } from "./otp-login-machine"

const sent = {
  otp_id: 7,
  otp_key: "k3y-of-the-sent-code-0001",
  sent_to: "+90•••••4567",
  expires_at: "2026-11-23T10:05:00.000Z",
  tries: 5,
  resend_at: "2026-11-23T10:00:30.000Z",
}
const login = {
  user_token: "u",
  client_token: "c",
  user_acl: {},
  back_acl: {},
  user_data: { id: 3, client_id: 1 },
  user: { role: ["agent"], data: {} },
  login_id: "l",
}
const refusal = (status: number, code: string) => ({ status, code, message: code })

checkModel({
  name: "OTP login",
  machine: otpLoginMachine,
  sources: ["sendOtp", "verifyOtp"],
  states: ["asking", "sending", "entering", "verifying", "spent", "done"],
  events: [
    { type: "USERNAME", value: "agent1" },
    { type: "SEND" },
    { type: "xstate.done.actor.sendOtp", output: sent },
    { type: "xstate.error.actor.sendOtp", error: refusal(404, "OTP_UNKNOWN_USER") },
    { type: "CODE", value: "123456" },
    { type: "VERIFY" },
    { type: "xstate.done.actor.verifyOtp", output: { verified: true, attempts_left: 5, login } },
    { type: "xstate.error.actor.verifyOtp", error: refusal(401, "OTP_WRONG_CODE") },
    { type: "xstate.error.actor.verifyOtp", error: refusal(410, "OTP_DEAD") },
    { type: "RESEND" },
    { type: "BACK" },
  ],
  stories: [
    // A code too short is not sent; an empty name is not sent.
    [
      { type: "SEND" },
      { type: "USERNAME", value: "agent1" },
      { type: "SEND" },
      { type: "xstate.done.actor.sendOtp", output: sent },
      { type: "CODE", value: "12" },
      { type: "VERIFY" },
    ],
    // Four wrong codes count the tries down; a refused resend keeps the code already sent.
    [
      { type: "USERNAME", value: "agent1" },
      { type: "SEND" },
      { type: "xstate.done.actor.sendOtp", output: sent },
      ...[1, 2, 3, 4].flatMap(() => [
        { type: "CODE", value: "000000" },
        { type: "VERIFY" },
        { type: "xstate.error.actor.verifyOtp", error: refusal(401, "OTP_WRONG_CODE") },
      ]),
      { type: "RESEND" },
      { type: "xstate.error.actor.sendOtp", error: refusal(429, "OTP_COOLDOWN") },
    ],
    // A right code without a login (not a console user) says so.
    [
      { type: "USERNAME", value: "agent1" },
      { type: "SEND" },
      { type: "xstate.done.actor.sendOtp", output: sent },
      { type: "CODE", value: "123456" },
      { type: "VERIFY" },
      { type: "xstate.done.actor.verifyOtp", output: { verified: true, attempts_left: 5 } },
      { type: "BACK" },
    ],
  ],
  key: (s) => [
    s.value,
    s.context.failure?.code ?? null,
    s.context.sent !== null,
    s.context.username !== "",
    /^\d{6}$/.test(s.context.code),
  ],
  view: (s) => ({ value: s.value, context: s.context }),
})
