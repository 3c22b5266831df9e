/**
 * The super admin's platform dashboard in one call: the businesses and their activity, the lowest balances, what
 * awaits the super admin's review, and the server's health. Only a super admin reaches it (the contract marks the
 * group superAdmin); the figures span every business.
 */
import { handle } from "../../core/registry"
import { businessCountsOf } from "../businesses"
import { CURRENCY } from "../billing"
import { ACTIVITY_DAYS, lowestBalancesOf, masksAwaitingApprovalOf, mostActiveOf } from "./figures"
import { healthOf } from "./health"

export const handlers = [
  handle("platform", "platformOverview", async (ctx) => {
    const counts = await businessCountsOf(ctx.db)
    return {
      data: {
        businesses: { total: counts.total, active: counts.active, inactive: counts.inactive },
        activity_days: ACTIVITY_DAYS,
        most_active: await mostActiveOf(ctx.db),
        lowest_balances: await lowestBalancesOf(ctx.db),
        currency: CURRENCY,
        pending_registrations: counts.onboarding,
        masks_awaiting_approval: await masksAwaitingApprovalOf(ctx.db),
        health: await healthOf(ctx.db, ctx.services),
        at: new Date().toISOString(),
      },
    }
  }),
]
