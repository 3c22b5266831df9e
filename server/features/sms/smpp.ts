/**
 * A typed face for the `smpp` package (SMPP 3.4/5.0 client and server, no type declarations of its own): only what
 * the gateway and the simulator SMSC use.
 */
import type { EventEmitter } from "node:events"
import { createRequire } from "node:module"
import type { Server, Socket } from "node:net"

export interface ShortMessage {
  readonly message: string | Buffer
  readonly udh?: readonly Buffer[]
}

export interface Pdu {
  readonly command: string
  readonly command_status: number
  readonly sequence_number: number
  readonly system_id?: string
  readonly password?: string
  readonly interface_version?: number
  readonly source_addr?: string
  readonly destination_addr?: string
  readonly message_id?: string
  readonly esm_class?: number
  readonly data_coding?: number
  readonly registered_delivery?: number
  readonly short_message?: ShortMessage | string | Buffer
  readonly receipted_message_id?: string
  readonly message_state?: number
  readonly response: (options?: Record<string, unknown>) => Pdu
}

type Callback = (pdu: Pdu) => void

export interface SmppSession extends EventEmitter {
  readonly socket: Socket
  readonly send: (pdu: Pdu, onResponse?: Callback) => boolean
  readonly bind_transceiver: (options: Record<string, unknown>, onResponse: Callback) => boolean
  readonly submit_sm: (options: Record<string, unknown>, onResponse: Callback) => boolean
  readonly deliver_sm: (options: Record<string, unknown>, onResponse?: Callback) => boolean
  readonly enquire_link: (options?: Record<string, unknown>, onResponse?: Callback) => boolean
  readonly unbind: (options?: Record<string, unknown>, onResponse?: Callback) => boolean
  readonly close: (callback?: () => void) => void
  readonly destroy: (callback?: () => void) => void
}

export interface SmppServer extends Server {
  readonly sessions: SmppSession[]
}

interface SmppModule {
  readonly connect: (options: { host: string; port: number; auto_enquire_link_period?: number }) => SmppSession
  readonly createServer: (listener: (session: SmppSession) => void) => SmppServer
  readonly PDU: new (command: string, options?: Record<string, unknown>) => Pdu
  readonly errors: Readonly<Record<string, number>>
}

const smpp = createRequire(import.meta.url)("smpp") as SmppModule

export const connectSmpp = smpp.connect
export const createSmppServer = smpp.createServer

/** Command statuses the gateway reacts to (SMPP 3.4 section 5.1.3). */
export const SMPP = {
  ROK: 0x00,
  RMSGQFUL: 0x14,
  RBINDFAIL: 0x0d,
  RINVDSTADR: 0x0b,
  RSYSERR: 0x08,
  RTHROTTLED: 0x58,
  RSUBMITFAIL: 0x45,
} as const

/** The gateway may try again later: the SMSC is busy, not refusing the message. */
export const isTransient = (status: number) => status === SMPP.RTHROTTLED || status === SMPP.RMSGQFUL || status === SMPP.RSYSERR

const names = new Map(Object.entries(smpp.errors).map(([name, code]) => [code, name]))
/** `ESME_RTHROTTLED (0x58)`. */
export const statusName = (status: number) => `${names.get(status) ?? "ESME_UNKNOWN"} (0x${status.toString(16).padStart(2, "0")})`

/** esm_class bit of a deliver_sm that carries a delivery receipt (SMSC delivery receipt, 0x04). */
export const RECEIPT_ESM = 0x04

export const pduText = (pdu: Pdu): string => {
  const sm = pdu.short_message
  if (sm === undefined) return ""
  if (typeof sm === "string") return sm
  if (Buffer.isBuffer(sm)) return sm.toString("latin1")
  return typeof sm.message === "string" ? sm.message : sm.message.toString("latin1")
}
