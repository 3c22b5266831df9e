/**
 * The access list's live event on the socket service (the same socket.io connection as the chat events). When an
 * admin changes what a user may open (the user's role, the role's permissions, a permission deleted, the voice-call
 * override), every socket of that user gets `acl:changed` with the lists a login would now return, after the write
 * committed. The console's ACL gate adopts them (the sidebar and the open screen follow) and stores them, so a reload
 * keeps them; the server moves the user's sockets to the rooms their new grants allow at the same moment.
 * Order: `seq` increases per server process; the console ignores an event older than the last it applied.
 */
export interface AclToBrowser {
  "acl:changed": {
    readonly seq: number
    readonly user_acl: Readonly<Record<string, boolean>>
    readonly back_acl: Readonly<Record<string, 1>>
  }
}

export type AclToBrowserEvent = keyof AclToBrowser

export const ACL_TO_BROWSER_EVENTS: readonly AclToBrowserEvent[] = ["acl:changed"]
