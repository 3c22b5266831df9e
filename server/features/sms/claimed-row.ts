import type { SubmitResult } from "./status-sink"

/** A recipient row the send job claimed (status `submitting`, committed) for its gateway. */
export interface ClaimedRow {
  readonly id: number
  readonly clientId: number
  readonly number: string
  readonly body: string
  readonly mask: string
  readonly providerId: number
  readonly ucs2: boolean
}

/** How one row's send ended: an outcome to write, or back on the queue (nothing left the server). */
export type Outcome = { readonly result: SubmitResult } | { readonly requeue: string }
