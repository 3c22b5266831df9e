/**
 * Transfers with SIP REFER (RFC 3515) on a sip.js session: the REFER and its NOTIFYs (message/sipfrag) read as one
 * outcome, and the Refer-To of an attended transfer, which names another call's dialog in a Replaces header
 * (RFC 3891, RFC 5589 section 7).
 */
import { type Session, UserAgent, type URI } from "sip.js"

/** A REFER's outcome: the other side reached the target, or the transfer did not happen (and where it stopped). */
export type ReferOutcome =
  | { readonly type: "transferred" }
  | { readonly type: "transferFailed"; readonly stage: "refer" | "target"; readonly status: number }

/** The status line of a REFER's NOTIFY (message/sipfrag, "SIP/2.0 200 OK"), or null when it carries none. */
export const sipfragStatus = (body: string | undefined): number | null => {
  const match = /^SIP\/2\.0 (\d{3})/.exec((body ?? "").trim())
  return match ? Number(match[1]) : null
}

/**
 * Sends REFER on `session` and reports the first outcome only (NOTIFYs may repeat): a refused REFER, the target's
 * final status, or a failure to send.
 */
export const referAndWatch = (session: Session, target: URI, report: (outcome: ReferOutcome) => void): void => {
  let settled = false
  const settle = (outcome: ReferOutcome) => {
    if (settled) return
    settled = true
    report(outcome)
  }
  session
    .refer(target, {
      requestDelegate: {
        onReject: (response) => settle({ type: "transferFailed", stage: "refer", status: response.message.statusCode ?? 0 }),
      },
      onNotify: (notification) => {
        void notification.accept().catch(() => undefined)
        const status = sipfragStatus(notification.request.body)
        if (status === null || status < 200) return
        settle(status >= 300 ? { type: "transferFailed", stage: "target", status } : { type: "transferred" })
      },
    })
    .catch(() => settle({ type: "transferFailed", stage: "refer", status: 0 }))
}

/**
 * The Refer-To that makes its receiver call `other`'s party in place of `other`'s call: the party's address at
 * `domain` (the PBX finds its registered phones; a browser's own contact is not routable) with
 * `?Replaces=<call-id>;to-tag=<the party's tag>;from-tag=<ours>`, escaped, in angle brackets (a URI carrying
 * headers must be). Null before `other` has a dialog.
 */
export const replacingTarget = (other: Session, domain: string): URI | null => {
  const dialog = other.dialog
  const user = other.remoteIdentity.uri.user
  const uri = user ? UserAgent.makeURI(`sip:${user}@${domain}`) : undefined
  if (!dialog || !uri) return null
  uri.setHeader("Replaces", encodeURIComponent(`${dialog.callId};to-tag=${dialog.remoteTag};from-tag=${dialog.localTag}`))
  // sip.js writes a URI given to refer() as is (without brackets): this one is written bracketed.
  const text = `<${uri.toString()}>`
  uri.toString = () => text
  return uri
}
