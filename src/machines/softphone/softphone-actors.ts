/**
 * The live softphone: credentials from the API (onboarding.getCallSetting, the caller's own ephemeral SIP
 * account), the tenant's extensions to transfer to (pbx.listPbxExtensions) and the sip.js user agent of
 * src/services/softphone in a callback actor whose clean-up stops it.
 */
import { Effect } from "effect"
import { fromCallback } from "xstate"
import type { SipCredentials } from "../../contract/schemas/tenants"
import type { PbxExtension } from "../../contract/schemas/pbx"
import { Api } from "../../services/api/api"
import { createSipPhone, type PhoneEvent } from "../../services/softphone/sip-phone"
import { fromEffect } from "../common/from-effect"
import { softphoneMachine, type PhoneCommand, type PhoneReport } from "./softphone-machine"

const loadCredentials = fromEffect<SipCredentials | null>(() =>
  Effect.gen(function* () {
    const api = yield* Api
    const reply = yield* api.call("onboarding", "getCallSetting", {})
    return reply.data.sip ?? null
  }),
)

const loadExtensions = fromEffect<readonly PbxExtension[]>(() =>
  Effect.gen(function* () {
    const api = yield* Api
    return (yield* api.call("pbx", "listPbxExtensions", {})).data
  }),
)

const reportOf = (event: PhoneEvent): PhoneReport => {
  switch (event.type) {
    case "registering":
      return { type: "PHONE.REGISTERING" }
    case "registered":
      return { type: "PHONE.REGISTERED" }
    case "unregistered":
      return { type: "PHONE.UNREGISTERED" }
    case "rejected":
      return { type: "PHONE.REJECTED" }
    case "incoming":
      return { type: "PHONE.INCOMING", from: event.from }
    case "established":
      return { type: "PHONE.ESTABLISHED" }
    case "ended":
      return { type: "PHONE.ENDED" }
    case "failed":
      return { type: "PHONE.FAILED", status: event.status }
    case "mediaFailed":
      return { type: "PHONE.MEDIA_FAILED" }
    case "incomingRefused":
      return { type: "PHONE.INCOMING_REFUSED", from: event.from }
    case "microphone":
      return { type: "PHONE.MICROPHONE" }
    case "held":
      return { type: "PHONE.HELD", held: event.held }
    case "transferred":
      return { type: "PHONE.TRANSFERRED" }
    case "transferFailed":
      return { type: "PHONE.TRANSFER_FAILED", stage: event.stage, status: event.status }
    case "referred":
      return { type: "PHONE.REFERRED", to: event.to }
    case "referralFailed":
      return { type: "PHONE.REFERRAL_FAILED", remote: event.remote }
    case "replaced":
      return { type: "PHONE.REPLACED", remote: event.remote }
    case "consultConnected":
      return { type: "PHONE.CONSULT_CONNECTED" }
    case "consultEnded":
      return { type: "PHONE.CONSULT_ENDED", status: event.status }
  }
}

const phone = fromCallback<PhoneCommand, SipCredentials>(({ input, sendBack, receive }) => {
  const sip = createSipPhone(input, (event) => sendBack(reportOf(event)))
  receive((command) => {
    if (command.type === "DIAL") sip.dial(command.number)
    else if (command.type === "ANSWER") sip.answer()
    else if (command.type === "REJECT") sip.reject()
    else if (command.type === "MUTE") sip.mute(command.muted)
    else if (command.type === "HOLD") sip.hold(command.held)
    else if (command.type === "DTMF") sip.dtmf(command.digit)
    else if (command.type === "TRANSFER") sip.transfer(command.target)
    else if (command.type === "CONSULT") sip.consult(command.target)
    else if (command.type === "CONSULT_COMPLETE") sip.completeConsult()
    else if (command.type === "CONSULT_CANCEL") sip.cancelConsult()
    else if (command.type === "CONSULT_MUTE") sip.consultMute(command.muted)
    else if (command.type === "CONSULT_DTMF") sip.consultDtmf(command.digit)
    else sip.hangup()
  })
  return () => sip.stop()
})

export const liveSoftphoneMachine = softphoneMachine.provide({ actors: { loadCredentials, loadExtensions, phone } })
