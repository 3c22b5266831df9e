/**
 * The public module of the chat core: what other features may use of it. Features react to the chat through its hook
 * points (hooks.ts) and write through the functions below; nothing else of server/features/chat is theirs to import.
 */
export {
  agentChatCap,
  channelLayers,
  conversationClosed,
  conversationReleased,
  conversationTaken,
  eventsRelayed,
  handOverRefused,
  inboundArriving,
  inboundStored,
  messagesRead,
  openConversationFacts,
  openingWrites,
  sendChecked,
  sendKinds,
  statusesReported,
} from "./hooks"
export type { ChannelLayer, OpeningWrite } from "./hooks"
export { sendAnswer, sendToNumbers } from "./send"
export type { Outgoing } from "./send"
export { agentCapSql, agentsWhere } from "./agent-eligibility"
export {
  CAPACITY_DEFAULTS,
  CAPACITY_KINDS,
  canTakeSql,
  capSql,
  heldOfSql,
  kindOfChannel,
  ownCapsOf,
  tenantCapSql,
  withOwnCapsSql,
} from "./capacity"
export type { CapacityKind } from "./capacity"
export { announceMessages } from "./announce"
export { closeConversation } from "./assignment"
export { chatWriterOf, emitChat } from "./chat-bus"
export type { ChatWriter } from "./chat-bus"
export { chatHubOf } from "./chat-hub"
export { blockedError, checkSend, contactFor, customerCalled, openConversationOf, storeOutbound, storeOutboundAll } from "./chat-store"
export { storeStatus } from "./status-store"
export type { ContactRow, OpenConversation } from "./chat-store"
export {
  WINDOW_MS,
  announceConversation,
  loadConversation,
  publishConversation,
  publishConversationOf,
  selectConversations,
} from "./conversation-rows"
export { HELD_STATUSES, OPEN_STATUSES, STEP_STATUS, WAITING_STATUSES, next, statusIn } from "./conversation-status"
export type { Holding } from "./conversation-status"
export { fileLinksOf, loadMessage, selectMessages } from "./message-rows"
export { conversationRecord, historyAfter, historyCount, historyWhere } from "./conversation-record"
export type { ConversationEvent, ConversationEventKind, ConversationRecord, HistoryFilter } from "./conversation-record"
export type { FileLinks } from "./message-rows"
export { openConversationsFor } from "./open-conversations"
export { queueOutbound } from "./outbound"
export { handOverAfterCommit, handOverNow } from "./outbox"
export { receiveInbound } from "./receive"
export { releaseToQueueHead } from "./release"
