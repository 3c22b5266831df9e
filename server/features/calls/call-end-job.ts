/**
 * The calls' jobs: `calls.end` (call-timers.ts schedules it) ends a live call if it is still in the state it was
 * scheduled for (still ringing at the ring's end, or its carrying process still gone; a waiting call nobody was free
 * for gets the away message); `calls.transfer-end` (call-transfer-store.ts) takes a transfer nobody took in its ring
 * time back to its sender; `calls.ring-wider` (call-widen.ts) rings a call unanswered for a step at the next agents in
 * their turn. Each decides in the job's transaction; the agents hear of it after the commit, from
 * whichever process ran the job.
 */
import { CallStatus } from "../../../src/contract/voice-calls"
import type { JobHandler } from "../../core/jobs"
import { type EndCondition, finish } from "./call-store"
import { END_JOB } from "./call-timers"
import { TRANSFER_END_JOB, returnTransfer } from "./call-transfer-store"
import { hubOf } from "./call-hub"
import { awayForCall } from "../tenant-settings"
import { callSettingOf } from "../onboarding"
import { callTakers } from "./call-takers"
import { announceRang } from "./call-waiting"
import { WIDEN_JOB, ringMore, ringingCall, ringingPast, takersToAsk } from "./call-widen"
import { logFailure } from "./call-desk"
import type { CallSetting } from "../../../src/contract/schemas/tenants"

/** A widening step read before its transaction: the tenant's call setting and who can take the call now. */
interface WidenStep {
  readonly setting: CallSetting
  readonly takers: readonly number[]
}

export const jobHandlers: readonly JobHandler[] = [
  {
    kind: END_JOB,
    run: async (job, ctx) => {
      const { callId, condition } = job.payload as { callId: string; condition: EndCondition }
      const ended = await finish(ctx.db, callId, condition === "ringing" ? CallStatus.missed : undefined, condition)
      // A waiting call no agent was ever free for: the customer gets the away message, as a call nobody can take.
      if (ended && condition === "ringing" && ended.call.rung.length === 0) await awayForCall(ctx.db, ended.call)
      if (ended) ctx.afterCommit(() => void hubOf(ctx.services).announceEnded(ended, false))
    },
  },
  {
    kind: WIDEN_JOB,
    // Who can take it is read before the job's transaction: presence asks every process's sockets. A call answered or
    // ended since (most, by their next step) asks nobody: reading every present agent's voice load costs 7–9 ms at 1,000.
    prepare: async (job, ctx): Promise<WidenStep | null> => {
      const { callId } = job.payload as { callId: string }
      if (job.clientId === null) return null
      const db = ctx.services.database.db
      const past = await ringingPast(db, job.clientId, callId)
      if (past === null) return null
      const setting = await callSettingOf(db, job.clientId)
      const first = takersToAsk(setting.ring_at_once)
      return { setting, takers: await callTakers(ctx.services, { clientId: job.clientId, except: past, first }) }
    },
    run: async (job, ctx, prepared) => {
      const { callId } = job.payload as { callId: string }
      const step = prepared as WidenStep | null
      if (job.clientId === null || step === null) return
      const rang = await ringMore(ctx.db, { which: ringingCall(job.clientId, callId), ...step })
      if (rang) ctx.afterCommit(() => void announceRang(ctx.services, rang).catch(logFailure(`could not ring ${callId} further`)))
    },
  },
  {
    kind: TRANSFER_END_JOB,
    run: async (job, ctx) => {
      const { callId, transferId } = job.payload as { callId: string; transferId: number }
      if (job.clientId === null) return
      const back = await returnTransfer(ctx.db, callId, job.clientId, transferId)
      if (back) ctx.afterCommit(() => hubOf(ctx.services).transferReturned(callId, back))
    },
  },
]
