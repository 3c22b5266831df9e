/**
 * WhatsApp's side of templates behind one interface: the review of a submitted template and whether a number has a
 * WhatsApp account. The real Cloud API adapter comes with the channels issue; until then every server uses the
 * simulator, whose answers follow rules a test (or a person on a development server) steers through /dev hooks
 * (template-dev-routes.ts):
 *  - review: the verdict set for the template's name (APPROVED, or REJECTED with a reason); approved by default; a
 *    name on hold has no answer yet (the review job tries again later, as with a channel that has not decided);
 *  - numbers: the answer set for a number; by default every number is on WhatsApp except those ending in 0000.
 */
import type { Services } from "../../http/context"

export interface TemplateVerdict {
  readonly status: "APPROVED" | "REJECTED"
  readonly reason: string | null
}

export interface TemplateChannel {
  readonly review: (t: { clientId: number; name: string; language: string; category: string }) => Promise<TemplateVerdict>
  readonly onWhatsApp: (clientId: number, number: string) => Promise<boolean>
}

export class TemplateSimulator implements TemplateChannel {
  readonly verdicts = new Map<string, TemplateVerdict>()
  readonly numbers = new Map<string, boolean>()
  readonly held = new Set<string>()

  private static key = (clientId: number, value: string) => `${clientId}:${value}`

  setVerdict(clientId: number, name: string, verdict: TemplateVerdict | null) {
    if (verdict === null) this.verdicts.delete(TemplateSimulator.key(clientId, name))
    else this.verdicts.set(TemplateSimulator.key(clientId, name), verdict)
  }

  /** Keeps the channel from deciding on `name` (true) until released (false). */
  hold(clientId: number, name: string, on: boolean) {
    if (on) this.held.add(TemplateSimulator.key(clientId, name))
    else this.held.delete(TemplateSimulator.key(clientId, name))
  }

  setNumber(clientId: number, number: string, onWhatsApp: boolean | null) {
    const key = TemplateSimulator.key(clientId, number.replace(/^\+/, ""))
    if (onWhatsApp === null) this.numbers.delete(key)
    else this.numbers.set(key, onWhatsApp)
  }

  async review(t: { clientId: number; name: string; language: string; category: string }): Promise<TemplateVerdict> {
    if (this.held.has(TemplateSimulator.key(t.clientId, t.name))) throw new Error(`The channel has not decided on ${t.name} yet`)
    return this.verdicts.get(TemplateSimulator.key(t.clientId, t.name)) ?? { status: "APPROVED", reason: null }
  }

  async onWhatsApp(clientId: number, number: string): Promise<boolean> {
    const digits = number.replace(/^\+/, "")
    return this.numbers.get(TemplateSimulator.key(clientId, digits)) ?? !digits.endsWith("0000")
  }
}

const channels = new WeakMap<Services, TemplateSimulator>()

/** The server's template channel (one per server instance). */
export const templateChannelOf = (services: Services): TemplateSimulator => {
  let channel = channels.get(services)
  if (!channel) {
    channel = new TemplateSimulator()
    channels.set(services, channel)
  }
  return channel
}
