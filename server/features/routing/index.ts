/**
 * The public module of routing: the queue's order and each waiting conversation's standing (queue.ts), and the
 * point where the features that tell customers their place react to the queue moving (positions.ts), and what the
 * agents' queue asks of the hand-out (hand-out-port.ts) and of the voice calls (calls-port.ts). The capacity model it serves by is the chat's
 * (chat/capacity.ts); the hand-out is tenant-settings/auto-assign.ts.
 */
export { QUEUE_ORDER, WAIT_WINDOW_MINUTES, conversationStanding, queueStandings } from "./queue"
export type { Standing } from "./queue"
export { queueMoved, queuePositions } from "./positions"
export type { QueueMoved } from "./positions"
export { serveWaitingLater, takeNextFor } from "./hand-out-port"
export type { HandOutCtx, TakeRefusal } from "./hand-out-port"
export { waitingCallsOf } from "./calls-port"
