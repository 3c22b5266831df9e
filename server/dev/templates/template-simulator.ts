/**
 * WhatsApp's side of templates as development servers play it (the fallback template channel: channels/
 * fallback-channels.ts). Its answers follow rules a test (or a person) steers through the /dev/templates hooks
 * (template-routes.ts):
 *  - review: the verdict set for the template's name (APPROVED, or REJECTED with a reason); approved by default; a
 *    name on hold has no answer yet (the review job tries again later, as with a channel that has not decided);
 *  - numbers: the answer set for a number; by default every number is on WhatsApp except those ending in 0000.
 */
import type { TemplateChannel, TemplateVerdict } from "../../channels/fallback-channels"
import { templateChannelOf } from "../../features/templates"
import type { Services } from "../../http/context"

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

/** The server's template simulator (a development server's template channel). */
export const templateSimulatorOf = (services: Services): TemplateSimulator => {
  const channel = templateChannelOf(services)
  if (!(channel instanceof TemplateSimulator)) throw new Error("This server's template channel is not the simulator")
  return channel
}
