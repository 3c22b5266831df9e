/**
 * A business's "Record calls" saved (onboarding/call-setting.ts `callSettingSaved`): Kamailio is told after the commit
 * (pbx-routes.ts publishes "rec:<tenant>"), so its next call is recorded from the answer on.
 */
import { callSettingSaved } from "../onboarding"
import { publisherOf } from "./pbx-routes"

export const hooks = [
  callSettingSaved.on("softphone", 10, ({ ctx }) => {
    const publisher = publisherOf(ctx.services)
    if (publisher) ctx.afterCommit?.(() => void publisher.sync())
  }),
]
