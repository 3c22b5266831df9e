/**
 * The call side of `npm run bench:cluster` (scripts/bench-cluster.ts): agents accept ringing calls the way the console
 * does, by emitting `browser-offer` { callId, sdp } with a real werift offer (server/testing/calls-peer.ts); the first
 * accept wins and its socket gets `browser-answer`. The simulator's customer leg answers each offer with a real peer on
 * the server, so an accept costs the server a werift answer (about 4 ms of CPU) and one claim transaction.
 *
 * - Which calls: call i is accepted when it falls in `share` (spread evenly over the run), and every call placed in the
 *   `HOLD_MS` before the kill is held back: it is left ringing (not hung up at 3 s) and accepted after the kill.
 * - Who: one agent per call, the first idle agent whose socket it rings on (all who can take it, or the few in their
 *   ring turn when the tenant rings `ring_at_once` at a time), accepting at once. Idle: no call of theirs offered and
 *   not ended yet.
 *   A call rings only agents under their voice cap (features/calls/call-takers.ts; the tenant's call waiting is off),
 *   so an agent on a call is not rung: choosing a busy one would leave the call to ring out unanswered, and the bench
 *   would measure the ringing rule instead of the accept. It accepts at once: the measure is the server's accept, from
 *   `call-is-coming` on that socket to `browser-answer`, not a person's reaction time.
 * - The offers are made before the live phase (one peer per call to accept), so the bench client does not spend the
 *   live phase in werift. The answer is not set on the peers: no media flows (the customer hangs up 3 s later anyway).
 * - After the kill: a held call whose agent's socket is connected again (reconnected through HAProxy, or never on the
 *   killed node) is accepted by it, as the console does with the ringing cards it restores; after `OWN_AGENT_MS` by the
 *   next connected agent whose socket saw it ring; all offered within `AFTER_KILL_MS`, hung up 3 s after the answer.
 */
import type { Socket } from "socket.io-client"
import { browserPeer } from "../server/testing/calls-peer"

/**
 * Calls placed this long before the kill are left ringing through it: long enough that some are taken when the nodes
 * refuse most calls as busy (http/shedding.ts; with 2 s, one full-size run had none left to answer).
 */
const HOLD_MS = 5_000
/** A held call's own agent has this long after the kill to be connected again; then another agent who saw it takes it. */
const OWN_AGENT_MS = 5_000
/** The held calls are offered within this long after the kill (their ring time is 60 s). */
const AFTER_KILL_MS = 15_000

type Peer = Awaited<ReturnType<typeof browserPeer>>

/** What the accept side needs of an agent (bench-cluster.ts's Agent). */
export interface AcceptingAgent {
  readonly socket: Socket
  readonly disconnectedAt: number | null
}

interface Accept {
  readonly i: number
  /** The agent accepting it (a held call may pass to another after the kill). */
  agent: number
  readonly rungAt: number
  offeredAt: number | null
  answeredAt: number | null
}

/** The caller number of call `i`, which is how a `call-is-coming` names the bench's call. */
export const callNumber = (i: number) => `+90556${String(1_000_000 + i).slice(1)}`
const indexOf = (number: string) => (/^\+90556(\d{6})$/.test(number) ? Number(number.slice(6)) : null)

export const createCallAccepts = (options: {
  readonly total: number
  readonly callRate: number
  readonly share: number
  /** ms after the start of the live phase, or null without a kill. */
  readonly killAt: number | null
}) => {
  const { total, callRate, share, killAt } = options
  const held = (i: number) => killAt !== null && i * (1000 / callRate) >= killAt - HOLD_MS && i * (1000 / callRate) < killAt
  const chosen = (i: number) => Math.floor((i + 1) * share) > Math.floor(i * share)
  const wanted = (i: number) => held(i) || chosen(i)
  /** The calls to accept, each with an offer made by `prepare`. */
  const todo = Array.from({ length: total }, (_, i) => i).filter(wanted)
  const peers = new Map<number, Peer>()
  const accepts = new Map<string, Accept>()
  /** The agents whose sockets saw each held call ring. */
  const sawHeld = new Map<string, Set<number>>()
  /** The calls to accept that rang on some socket, and the agent chosen for each (none: every agent it rang was on a call). */
  const rangWanted = new Set<string>()
  const chosenFor = new Map<string, number>()
  /** The calls each agent offered to take and that have not ended for them (their voice load, as the bench sees it). */
  const onCall = new Map<number, Set<string>>()
  const idle = (k: number) => (onCall.get(k)?.size ?? 0) === 0
  const leave = (k: number, callId: string) => void onCall.get(k)?.delete(callId)
  let agents: readonly AcceptingAgent[] = []
  let killedAt: number | null = null
  let removed = 0

  const offer = (callId: string, accept: Accept) => {
    const peer = peers.get(accept.i)
    if (!peer) return
    accept.offeredAt = Date.now()
    onCall.set(accept.agent, (onCall.get(accept.agent) ?? new Set()).add(callId))
    agents[accept.agent].socket.emit("browser-offer", { callId, sdp: peer.offer })
  }

  return {
    /** How many offers `prepare` makes. */
    offers: todo.length,
    held,
    /** One werift offer per call to accept, a few at a time. */
    prepare: async (concurrency = 4) => {
      let next = 0
      const worker = async () => {
        while (next < todo.length) {
          const i = todo[next++]
          peers.set(i, await browserPeer())
        }
      }
      await Promise.all(Array.from({ length: concurrency }, worker))
    },
    /** Listens on every agent's socket (call before the sockets connect). */
    watch: (all: readonly AcceptingAgent[]) => {
      agents = all
      all.forEach((agent, k) => {
        agent.socket.on("call-is-coming", (p: { callId: string; callerNumber: string }) => {
          const i = indexOf(p.callerNumber)
          if (i === null || !wanted(i)) return
          rangWanted.add(p.callId)
          if (held(i)) sawHeld.set(p.callId, (sawHeld.get(p.callId) ?? new Set()).add(k))
          if (accepts.has(p.callId)) return
          if (!chosenFor.has(p.callId)) {
            if (!idle(k)) return
            chosenFor.set(p.callId, k)
          }
          if (k !== chosenFor.get(p.callId)) return
          const accept: Accept = { i, agent: k, rungAt: Date.now(), offeredAt: null, answeredAt: null }
          accepts.set(p.callId, accept)
          if (!held(i)) offer(p.callId, accept)
        })
        agent.socket.on("browser-answer", (p: { callId: string }) => {
          const accept = accepts.get(p.callId)
          if (accept && accept.agent === k && accept.answeredAt === null) accept.answeredAt = Date.now()
        })
        agent.socket.on("remove-call", (p: { callId: string }) => {
          if (accepts.get(p.callId)?.agent !== k) return
          removed++
          leave(k, p.callId)
        })
        agent.socket.on("call-ended", (p: { callId: string }) => leave(k, p.callId))
      })
    },
    /**
     * After the kill: each held call is offered by its agent once that agent's socket is connected (again); after
     * OWN_AGENT_MS by the next connected agent who saw it ring; all within AFTER_KILL_MS. `hangup` is called about 3 s
     * after each answer (the customer hangs up).
     */
    afterKill: async (hangup: (callId: string) => void) => {
      const killed = Date.now()
      killedAt = killed
      // The killed node's sockets notice their connection is gone first (else an offer would go down a dead socket).
      await new Promise((r) => setTimeout(r, 1_000))
      const waiting = [...accepts].filter(([, a]) => held(a.i) && a.rungAt < killed)
      const deadline = killed + AFTER_KILL_MS
      const up = (k: number) => agents[k].socket.connected && agents[k].disconnectedAt === null
      while (Date.now() < deadline && waiting.some(([, a]) => a.answeredAt === null)) {
        for (const [callId, accept] of waiting) {
          if (accept.offeredAt !== null) continue
          if (!up(accept.agent) && Date.now() - killed > OWN_AGENT_MS) {
            const saw = sawHeld.get(callId) ?? new Set()
            const other = Array.from({ length: agents.length }, (_, j) => (accept.agent + j) % agents.length).find(
              (k) => saw.has(k) && up(k),
            )
            if (other !== undefined) accept.agent = other
          }
          if (up(accept.agent)) {
            offer(callId, accept)
            const answered = setInterval(() => {
              if (accept.answeredAt === null && Date.now() < deadline + 5_000) return
              clearInterval(answered)
              hangup(callId)
            }, 3_000)
          }
        }
        await new Promise((r) => setTimeout(r, 200))
      }
      // A held call nobody could take in time (or that rang only after the kill): the customer gives up.
      for (const [callId, accept] of accepts) if (held(accept.i) && accept.offeredAt === null) hangup(callId)
    },
    /** Closes every peer (made or not used). */
    close: async () => {
      await Promise.allSettled([...peers.values()].map((p) => p.close()))
      peers.clear()
    },
    /** An accept offered less than 10 s ago and not answered yet: the customer does not hang up on it yet. */
    busy: (callId: string) => {
      const accept = accepts.get(callId)
      return accept?.offeredAt != null && accept.answeredAt === null && Date.now() - accept.offeredAt < 10_000
    },
    results: () => {
      const all = [...accepts.values()]
      const live = all.filter((a) => !held(a.i) && a.offeredAt !== null)
      const latencies = live
        .filter((a) => a.answeredAt !== null)
        .map((a) => (a.answeredAt ?? 0) - a.rungAt)
        .sort((a, b) => a - b)
      const ringing = all.filter((a) => held(a.i) && killedAt !== null && a.rungAt < killedAt)
      const afterKill = ringing
        .filter((a) => a.answeredAt !== null && a.answeredAt > (killedAt ?? 0))
        .map((a) => (a.answeredAt ?? 0) - (killedAt ?? 0))
        .sort((a, b) => a - b)
      return {
        offered: live.length,
        /**
         * Calls to accept that rang only agents on a call as the bench saw it (not taken). A call no agent was free for
         * at all rings on no socket: the table's "rung on a socket" falls short of "acknowledged".
         */
        noIdle: [...rangWanted].filter((callId) => !chosenFor.has(callId)).length,
        latencies,
        removed,
        ringingAtKill: ringing.length,
        afterKill,
      }
    },
  }
}
