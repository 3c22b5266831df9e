/** What the call hub (call-hub.ts) offers the socket events, the webhooks, the jobs and the simulator. */
import type { AppSocket } from "../../realtime/socket"
import type { SimulatedChannel } from "../../channels/fallback-channels"
import type { MetaCallBridge } from "../../channels/whatsapp-cloud/call-bridge"
import type { EndedCall, LiveCall, PendingTransfer } from "./call-store"
import type { TransferTarget } from "./call-takers"

export interface CallHub {
  /** This process's id in `live_calls.owner_node` and `call_nodes`. */
  readonly node: string
  readonly channel: SimulatedChannel
  readonly meta: MetaCallBridge
  /** A live call (ringing or running), as every process sees it; null once it ended. */
  readonly live: (callId: string) => Promise<LiveCall | null>
  /**
   * A WhatsApp user calls the tenant's Cloud API number (Meta's connect webhook, under Meta's call id): rings the
   * agents; false when that call is already known (Meta delivers webhooks at least once).
   */
  readonly metaConnect: (call: {
    clientId: number
    callId: string
    name: string
    number: string
    offer: string
    numberId: string
  }) => Promise<boolean>
  /** Meta's terminate webhook (Meta's call id): the call ends on the agents' screens (without telling Meta back). */
  readonly metaTerminate: (clientId: number, metaCallId: string) => Promise<void>
  /** The customer answered an agent's call (connect webhook with Meta's SDP answer). */
  readonly metaAnswered: (clientId: number, metaCallId: string, sdp: string) => Promise<void>
  /** An agent's call moved on at Meta (`statuses[]` of type call). */
  readonly metaStatus: (clientId: number, metaCallId: string, status: string) => Promise<void>
  readonly incoming: (call: { clientId: number; name: string; number: string }) => Promise<string>
  readonly accept: (socket: AppSocket, callId: string, sdp: string) => Promise<void>
  readonly reject: (socket: AppSocket, callId: string) => Promise<void>
  readonly terminate: (socket: AppSocket, callId: string) => Promise<void>
  readonly dial: (socket: AppSocket, number: string, sdp: string) => Promise<string | null>
  readonly attachMessage: (socket: AppSocket, callId: string, messageId: string) => Promise<void>
  /** The agent puts their answered call on hold: the customer hears the hold tone, neither hears the other. */
  readonly hold: (socket: AppSocket, callId: string) => Promise<void>
  /**
   * The agent takes their held call back, their active call held first in the same step (the switch); `sdp`: this
   * tab's offer when it has no media for the call (answered by `browser-answer`).
   */
  readonly resume: (socket: AppSocket, callId: string, sdp?: string) => Promise<void>
  /** A tab of the agent connected: it hears of their calls on hold (`call-held`), so held calls outlive a reload. */
  readonly showHeld: (socket: AppSocket) => Promise<void>
  /** Whom the agent's call could be transferred to now (`transfer-targets`). */
  readonly transferTargets: (socket: AppSocket, callId: string) => Promise<void>
  /** Blind transfer of the agent's answered or held call to an agent or a group (call-transfer.ts). */
  readonly transfer: (socket: AppSocket, callId: string, to: TransferTarget) => Promise<void>
  /** Warm transfer of the agent's answered or held call: the one who takes it talks with the agent first (call-consult.ts). */
  readonly consult: (socket: AppSocket, callId: string, to: TransferTarget) => Promise<void>
  /** The agent hands their consulted call over to the colleague they talk with. */
  readonly completeConsult: (socket: AppSocket, callId: string) => Promise<void>
  /** The agent or the colleague ends the consult: the call stays on hold with the agent. */
  readonly cancelConsult: (socket: AppSocket, callId: string) => Promise<void>
  /** A transfer went back to its sender (its ring time ended). */
  readonly transferReturned: (callId: string, transfer: PendingTransfer) => void
  /** A browser ICE candidate: only from the agent on the call (so never from another tenant). */
  readonly candidate: (socket: AppSocket, callId: string, candidate: unknown) => Promise<void>
  readonly dropSocket: (socket: AppSocket) => Promise<void>
  /** Ends a live call from any process (`farEndGone`: the customer's side ended it, so it is not told). */
  readonly end: (callId: string, status?: string, farEndGone?: boolean) => Promise<void>
  /** After a call's end committed: the agents hear it and the media is released wherever it is carried. */
  readonly announceEnded: (ended: EndedCall, farEndGone: boolean) => Promise<void>
  /** Starts the lease and listens to the other processes (idempotent; every entry point calls it). */
  readonly start: () => void
  readonly close: () => Promise<void>
}
