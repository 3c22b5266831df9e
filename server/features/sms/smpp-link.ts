/**
 * One SMPP 3.4 transceiver session to one gateway: bind on first use, at most `window` submits in flight, enquire_link
 * every 30 s, delivery receipts and inbound messages handed up, and after a drop a reconnect with backoff (0.5 s, 1 s,
 * 2 s … 30 s) so receipts keep arriving. A submit in flight when the connection drops fails with `ConnectionLost`: the
 * gateway may or may not have taken it, so the caller must not send it again (no double sends). A submit never written
 * to the socket (no session, or the socket already closed) fails with `NotSent`: safe to send again.
 */
import { connectSmpp, isTransient, type Pdu, pduText, RECEIPT_ESM, SMPP, type SmppSession, statusName } from "./smpp"

export interface SmppEndpoint {
  readonly host: string
  readonly port: number
  readonly systemId: string
  readonly password: string
  readonly systemType: string
  readonly window: number
}

export interface SubmitPart {
  readonly from: string
  readonly to: string
  readonly text: string
  readonly ucs2: boolean
  /** Concatenation header (UDH) when the message has several parts. */
  readonly udh?: Buffer
}

export type SubmitOutcome =
  | { readonly kind: "accepted"; readonly messageId: string }
  | { readonly kind: "transient"; readonly error: string }
  | { readonly kind: "rejected"; readonly error: string }

export interface LinkEvents {
  readonly receipt: (messageId: string, delivered: boolean, detail: string) => void
  readonly inbound: (from: string, to: string, text: string) => void
}

export class ConnectionLost extends Error {}
export class BindFailed extends Error {}
/** The part never left: no bound session could be had. Safe to try again later. */
export class NotSent extends Error {}

/** `interface_version` of bind_transceiver for SMPP 3.4. */
const SMPP_3_4 = 0x34
const SUBMIT_TIMEOUT_MS = 30_000
const ENQUIRE_MS = 30_000
const BACKOFF_MAX_MS = 30_000

/** A receipt's text: `id:ABC sub:001 dlvrd:001 submit date:… done date:… stat:DELIVRD err:000 text:…`. */
export const parseReceipt = (pdu: Pdu): { messageId: string; delivered: boolean; stat: string } | null => {
  const text = pduText(pdu)
  const id = pdu.receipted_message_id || /\bid:(\S+)/i.exec(text)?.[1]
  if (!id) return null
  const stat = /\bstat:(\w+)/i.exec(text)?.[1]?.toUpperCase() ?? (pdu.message_state === 2 ? "DELIVRD" : "UNKNOWN")
  return { messageId: id, delivered: stat === "DELIVRD", stat }
}

export class SmppLink {
  private session: SmppSession | null = null
  private bound: Promise<SmppSession> | null = null
  private inFlight = 0
  private readonly waiting: (() => void)[] = []
  private readonly pending = new Set<(error: Error) => void>()
  private failures = 0
  private reconnectTimer: NodeJS.Timeout | null = null
  private closed = false
  /** Drops seen (tests and the bench read it). */
  drops = 0

  constructor(
    private readonly endpoint: SmppEndpoint,
    private readonly events: LinkEvents,
  ) {}

  /** The delay before the next connection attempt after `failures` failed or dropped ones. */
  static backoffMs = (failures: number) => (failures === 0 ? 0 : Math.min(BACKOFF_MAX_MS, 500 * 2 ** (failures - 1)))

  private connect(): Promise<SmppSession> {
    return new Promise((resolve, reject) => {
      const session = connectSmpp({ host: this.endpoint.host, port: this.endpoint.port, auto_enquire_link_period: ENQUIRE_MS })
      let settled = false
      const fail = (error: Error) => {
        if (settled) return
        settled = true
        session.destroy()
        reject(error)
      }
      session.on("error", (error: Error) => fail(new ConnectionLost(`SMPP connection failed: ${error.message}`)))
      session.on("close", () => {
        fail(new ConnectionLost("SMPP connection closed before the bind"))
        this.dropped(session)
      })
      session.on("connect", () => {
        session.bind_transceiver(
          {
            system_id: this.endpoint.systemId,
            password: this.endpoint.password,
            system_type: this.endpoint.systemType,
            // The library's default is SMPP 5.0's 0x50; this link speaks 3.4.
            interface_version: SMPP_3_4,
          },
          (pdu) => {
            if (pdu.command_status !== SMPP.ROK) return fail(new BindFailed(`SMPP bind refused: ${statusName(pdu.command_status)}`))
            if (this.closed) return fail(new ConnectionLost("The SMS gateway link is closed"))
            settled = true
            this.failures = 0
            this.session = session
            resolve(session)
          },
        )
      })
      session.on("deliver_sm", (pdu: Pdu) => this.delivered(session, pdu))
      session.on("enquire_link", (pdu: Pdu) => session.send(pdu.response()))
      session.on("unbind", (pdu: Pdu) => {
        session.send(pdu.response())
        session.close()
      })
    })
  }

  private delivered(session: SmppSession, pdu: Pdu) {
    session.send(pdu.response())
    if ((pdu.esm_class ?? 0) & RECEIPT_ESM) {
      const receipt = parseReceipt(pdu)
      if (receipt) this.events.receipt(receipt.messageId, receipt.delivered, receipt.stat)
      return
    }
    this.events.inbound(pdu.source_addr ?? "", pdu.destination_addr ?? "", pduText(pdu))
  }

  /** The session closed: fail what is in flight, and reconnect (with backoff) to keep receiving receipts. */
  private dropped(session: SmppSession) {
    if (this.session !== session) return
    this.session = null
    this.bound = null
    this.drops += 1
    for (const fail of [...this.pending]) fail(new ConnectionLost("SMPP connection lost before the gateway answered"))
    if (this.closed) return
    this.failures += 1
    void this.ready().catch(() => {})
  }

  private wait(ms: number) {
    return new Promise<void>((resolve) => {
      if (ms === 0) return resolve()
      this.reconnectTimer = setTimeout(() => {
        this.reconnectTimer = null
        resolve()
      }, ms)
    })
  }

  /** A bound session, connecting (after the current backoff) when there is none. */
  ready(): Promise<SmppSession> {
    if (this.closed) return Promise.reject(new ConnectionLost("The SMS gateway link is closed"))
    if (!this.bound) {
      const attempt = this.wait(SmppLink.backoffMs(this.failures))
        .then(() => {
          if (this.closed) throw new ConnectionLost("The SMS gateway link is closed")
          return this.connect()
        })
        .catch((error: Error) => {
          this.bound = null
          this.failures += 1
          // Keep trying in the background after a drop, so receipts arrive without a send to wake the link.
          if (!this.closed && this.drops > 0 && !(error instanceof BindFailed)) void this.ready().catch(() => {})
          throw error
        })
      this.bound = attempt
    }
    return this.bound
  }

  get isBound() {
    return this.session !== null
  }

  private async slot(): Promise<void> {
    if (this.inFlight < this.endpoint.window) {
      this.inFlight += 1
      return
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve))
  }

  private release() {
    const next = this.waiting.shift()
    if (next) next()
    else this.inFlight -= 1
  }

  /** Submits one part within the window. Rejects with ConnectionLost / BindFailed when it never reached the gateway's answer. */
  async submit(part: SubmitPart): Promise<SubmitOutcome> {
    await this.slot()
    try {
      const session = await this.ready().catch((error: Error) => {
        throw new NotSent(error.message)
      })
      return await new Promise<SubmitOutcome>((resolve, reject) => {
        const timer = setTimeout(() => done(new ConnectionLost("The SMS gateway did not answer in time")), SUBMIT_TIMEOUT_MS)
        const done = (error: Error | null, outcome?: SubmitOutcome) => {
          clearTimeout(timer)
          this.pending.delete(onLost)
          if (error) reject(error)
          else resolve(outcome as SubmitOutcome)
        }
        const onLost = (error: Error) => done(error)
        this.pending.add(onLost)
        const sent = session.submit_sm(
          {
            source_addr: part.from,
            source_addr_ton: /^\+?\d+$/.test(part.from) ? 1 : 5,
            source_addr_npi: /^\+?\d+$/.test(part.from) ? 1 : 0,
            destination_addr: part.to.replace(/^\+/, ""),
            dest_addr_ton: 1,
            dest_addr_npi: 1,
            registered_delivery: 1,
            data_coding: part.ucs2 ? 0x08 : 0x00,
            short_message: part.udh ? { udh: part.udh, message: part.text } : part.text,
          },
          (pdu) => {
            if (pdu.command_status === SMPP.ROK) return done(null, { kind: "accepted", messageId: String(pdu.message_id) })
            const error = statusName(pdu.command_status)
            done(null, isTransient(pdu.command_status) ? { kind: "transient", error } : { kind: "rejected", error })
          },
        )
        // Never written to the socket: the gateway cannot have it, so it may go again.
        if (!sent) done(new NotSent("SMPP connection is not writable"))
      })
    } finally {
      this.release()
    }
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    const session = this.session
    this.session = null
    this.bound = null
    if (!session) return
    // Unbinds politely and ends once the connection is closed; a peer that does not answer within a second is cut off.
    // The cut does not wait for the socket's "close": a socket that closed meanwhile (the SMSC hung up on the unbind)
    // never sends it again.
    await new Promise<void>((resolve) => {
      const cut = setTimeout(() => {
        session.destroy()
        resolve()
      }, 1000)
      session.once("close", () => {
        clearTimeout(cut)
        resolve()
      })
      session.unbind({}, () => session.close())
    })
  }
}
