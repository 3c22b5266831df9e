/**
 * Team chat on the socket service (the same socket.io connection as the chat events, see chat-events.ts).
 *
 * Who: a group message goes to the user rooms of the group's members at the time it is sent (the sender's other tabs
 * too); a one-to-one message to its two users; `team:groups` to everyone whose list of groups changed (created,
 * renamed, deleted, joined, left). Never to another tenant, never to a non-member. Sent only after the write committed.
 */
import type { DirectMessage, GroupMessage } from "./schemas/agent-groups"

/** Who manages the tenant's groups (create, rename, members, delete): holders of the company area, i.e. its admins. */
export const GROUP_MANAGER_KEY = "FRONT:/apps/company-details"
/** Messages per page of a conversation's history. */
export const TEAM_PAGE_SIZE = 30

export interface TeamToBrowser {
  "team:group-message": { message: GroupMessage }
  "team:direct-message": { message: DirectMessage }
  /** The receiver's groups changed: read the list again. */
  "team:groups": { group_id: number }
  /** `reader_id` read the one-to-one thread with the receiver up to `last_read_id` (read ticks). */
  "team:direct-read": { reader_id: number; last_read_id: number }
}

export type TeamToBrowserEvent = keyof TeamToBrowser

export const TEAM_TO_BROWSER_EVENTS: readonly TeamToBrowserEvent[] = [
  "team:group-message",
  "team:direct-message",
  "team:groups",
  "team:direct-read",
]
