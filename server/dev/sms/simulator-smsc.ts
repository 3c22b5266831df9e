/**
 * The simulator's SMSC: a real SMPP 3.4 server (the `smpp` package's) that development servers and tests start, so the
 * production gateway code is what the tests run. Steerable: accept, refuse binds, reject submits with an SMPP error,
 * throttle the next N submits, deliver receipts (DELIVRD or UNDELIV) after a delay, drop every connection, drop them
 * mid-window (answer N more submits, then take the next ones unanswered and close), send a receipt for any id, and
 * write in as a customer (an inbound deliver_sm). A receipt whose session is gone goes out on the next bind, as real
 * SMSCs keep receipts for a system id.
 */
import { randomBytes } from "node:crypto"
import type { AddressInfo } from "node:net"
import { createSmppServer, pduText, RECEIPT_ESM, SMPP, type Pdu, type SmppServer, type SmppSession } from "../../features/sms"

export interface SmscBehaviour {
  /** Refuse binds with ESME_RBINDFAIL. */
  readonly refuseBind: boolean
  /** Answer every submit with this SMPP error (0: accept). */
  readonly rejectWith: number
  /** Answer the next N submits with ESME_RTHROTTLED, then accept again. */
  readonly throttleNext: number
  /** Receipt after this many ms; null: no receipts. */
  readonly receiptDelayMs: number | null
  readonly receiptStat: "DELIVRD" | "UNDELIV"
  /** Answer this many more submits, then take the next ones without an answer and drop every connection DROP_AFTER_MS
   * after the first of them (null: never). */
  readonly answerThenDrop: number | null
}

export interface SmscMessage {
  readonly messageId: string
  readonly from: string
  readonly to: string
  readonly text: string
  readonly ucs2: boolean
  /** `[ref, total, seq]` of a concatenated part. */
  readonly concat: readonly number[] | null
  readonly at: string
  /** False for a submit taken while the SMSC was about to drop: no submit_sm_resp, no message id (""). */
  readonly answered: boolean
}

const DEFAULTS: SmscBehaviour = {
  refuseBind: false,
  rejectWith: 0,
  throttleNext: 0,
  receiptDelayMs: 200,
  receiptStat: "DELIVRD",
  answerThenDrop: null,
}
const DROP_AFTER_MS = 150
/** A receipt waiting for a bind is tried this often, this many times. */
const RECEIPT_RETRY_MS = 200
const RECEIPT_TRIES = 100
const KEEP = 2000
const SMPP_3_4 = 0x34

const smppDate = (d: Date) => d.toISOString().replace(/\D/g, "").slice(2, 12)

export class SimulatorSmsc {
  private server: SmppServer | null = null
  private behaviour: SmscBehaviour = DEFAULTS
  private readonly timers = new Set<NodeJS.Timeout>()
  private readonly prefix = randomBytes(3).toString("hex")
  private sequence = 0
  private dropping = false
  /** The last messages taken (newest last). */
  readonly received: SmscMessage[] = []
  submitted = 0
  receiptsSent = 0

  get port(): number {
    return (this.server?.address() as AddressInfo | null)?.port ?? 0
  }

  get settings(): SmscBehaviour {
    return this.behaviour
  }

  configure(change: Partial<SmscBehaviour>) {
    this.behaviour = { ...this.behaviour, ...change }
  }

  reset() {
    this.behaviour = DEFAULTS
  }

  async start(port = 0, host = "127.0.0.1"): Promise<void> {
    this.server = createSmppServer((session) => this.serve(session))
    await new Promise<void>((resolve, reject) => {
      this.server?.once("error", reject)
      this.server?.listen(port, host, () => resolve())
    })
  }

  private bound(): SmppSession[] {
    return this.server?.sessions ?? []
  }

  private serve(session: SmppSession) {
    session.on("error", () => {})
    const bind = (pdu: Pdu) => {
      // An SMPP 3.4 SMSC: a bind announcing another version (SMPP 5.0's 0x50, 3.3's 0x33) is refused, as strict ones do.
      if (this.behaviour.refuseBind || pdu.interface_version !== SMPP_3_4) {
        session.send(pdu.response({ command_status: SMPP.RBINDFAIL }))
        return session.close()
      }
      session.send(pdu.response({ system_id: "SIMSMSC" }))
    }
    session.on("bind_transceiver", bind)
    session.on("bind_transmitter", bind)
    session.on("enquire_link", (pdu: Pdu) => session.send(pdu.response()))
    session.on("unbind", (pdu: Pdu) => {
      session.send(pdu.response())
      session.close()
    })
    session.on("deliver_sm_resp", () => {})
    session.on("submit_sm", (pdu: Pdu) => this.submit(session, pdu))
  }

  private submit(session: SmppSession, pdu: Pdu) {
    if (this.behaviour.throttleNext > 0) {
      this.behaviour = { ...this.behaviour, throttleNext: this.behaviour.throttleNext - 1 }
      return session.send(pdu.response({ command_status: SMPP.RTHROTTLED }))
    }
    if (this.behaviour.rejectWith !== 0) return session.send(pdu.response({ command_status: this.behaviour.rejectWith }))
    const { answerThenDrop } = this.behaviour
    if (answerThenDrop === 0) return this.takeUnanswered(pdu)
    if (answerThenDrop !== null) this.behaviour = { ...this.behaviour, answerThenDrop: answerThenDrop - 1 }
    this.sequence += 1
    const messageId = `${this.prefix}${this.sequence.toString(16).padStart(8, "0")}`
    this.submitted += 1
    this.record(pdu, messageId)
    session.send(pdu.response({ message_id: messageId }))
    const { receiptDelayMs, receiptStat } = this.behaviour
    if (receiptDelayMs === null) return
    const submitted = new Date()
    this.later(receiptDelayMs, () =>
      this.receipt(session, messageId, receiptStat, pdu.destination_addr ?? "", pdu.source_addr ?? "", submitted),
    )
  }

  private record(pdu: Pdu, messageId: string) {
    const sm = pdu.short_message
    const udh = sm && typeof sm === "object" && !Buffer.isBuffer(sm) ? sm.udh?.[0] : undefined
    this.received.push({
      messageId,
      from: pdu.source_addr ?? "",
      to: pdu.destination_addr ?? "",
      text: pduText(pdu),
      ucs2: pdu.data_coding === 0x08,
      concat: udh && udh[0] === 0x00 ? [udh[2], udh[3], udh[4]] : null,
      at: new Date().toISOString(),
      answered: messageId !== "",
    })
    if (this.received.length > KEEP) this.received.splice(0, this.received.length - KEEP)
  }

  /** Mid-window: the submit arrived but is never answered; the first of them schedules the drop. */
  private takeUnanswered(pdu: Pdu) {
    this.record(pdu, "")
    if (this.dropping) return
    this.dropping = true
    this.later(DROP_AFTER_MS, () => {
      this.dropping = false
      this.behaviour = { ...this.behaviour, answerThenDrop: null }
      this.drop()
    })
  }

  private later(ms: number, run: () => void) {
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      run()
    }, ms)
    this.timers.add(timer)
  }

  private receipt(session: SmppSession, messageId: string, stat: string, from: string, to: string, submitted = new Date(), tries = 0) {
    const live = this.bound()
    const target = live.includes(session) ? session : live[0]
    if (!target) {
      if (tries < RECEIPT_TRIES) this.later(RECEIPT_RETRY_MS, () => this.receipt(session, messageId, stat, from, to, submitted, tries + 1))
      return
    }
    const text = `id:${messageId} sub:001 dlvrd:${stat === "DELIVRD" ? "001" : "000"} submit date:${smppDate(submitted)} done date:${smppDate(new Date())} stat:${stat} err:000 text:`
    const sent = target.deliver_sm({
      source_addr: from,
      destination_addr: to,
      esm_class: RECEIPT_ESM,
      short_message: text,
      receipted_message_id: messageId,
      message_state: stat === "DELIVRD" ? 2 : 5,
    })
    if (sent) this.receiptsSent += 1
  }

  /** A receipt for any id (an unknown one in tests) on every bound session. */
  sendReceipt(messageId: string, stat: "DELIVRD" | "UNDELIV" = "DELIVRD") {
    for (const session of this.bound()) this.receipt(session, messageId, stat, "", "")
    return this.bound().length
  }

  /** A customer writes in: a deliver_sm from `from` to `to` (the tenant's mask). */
  sendInbound(from: string, to: string, text: string) {
    const ucs2 = /[^\x20-\x7e\n\r]/.test(text)
    for (const session of this.bound())
      session.deliver_sm({ source_addr: from, destination_addr: to, data_coding: ucs2 ? 0x08 : 0x00, short_message: text })
    return this.bound().length
  }

  /** Drops every connection at once, like an SMSC restart. */
  drop() {
    const sessions = [...this.bound()]
    for (const session of sessions) session.destroy()
    return sessions.length
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer)
    this.timers.clear()
    const server = this.server
    this.server = null
    if (!server) return
    for (const session of [...server.sessions]) session.destroy()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
