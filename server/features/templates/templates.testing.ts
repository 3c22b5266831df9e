/** Helpers of the templates' server tests: a valid template payload, and waiting for the channel's verdict. */
import { callOf, send } from "../../testing/harness"

export const draft = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  language: "en",
  category: "UTILITY",
  body: "Hello {{1}}, your order {{2}} ships today.",
  body_examples: ["Ayşe", "A-100"],
  footer: "Reply STOP to opt out",
  buttons: [{ type: "QUICK_REPLY", text: "Thanks" }],
  ...extra,
})

/** Reads the template until its status is not PENDING (the review job ran), or gives up after `ms`. */
export const settled = async (url: string, headers: Record<string, string>, name: string, ms = 15_000) => {
  const until = Date.now() + ms
  for (;;) {
    const reply = await send(url, callOf("templates", "templateMessage"), { template_name: name }, headers)
    if (reply.body.data?.status !== "PENDING" || Date.now() > until) return reply.body.data
    await new Promise((r) => setTimeout(r, 200))
  }
}
