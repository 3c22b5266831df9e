/**
 * The actor system, created once per page: the Effect runtime over the browser services, the root machine built
 * from the features' manifests, and (with `?inspect`) the Stately inspector attached before anything starts.
 */
import { ManagedRuntime } from "effect"
import type { i18n as I18n } from "i18next"
import type { InspectionEvent, Observer } from "xstate"
import { type AppRuntime, createAppActor } from "../machines/common/from-effect"
import { createRootMachine } from "../machines/root/root-machine"
import { ensureClientToken } from "../services/api/config"
import { appLayer } from "../services/app-layer"
import { features } from "./features"
import { alertKeyOf } from "./i18n"
import { pageLogic, reportLogic } from "./screens"

const rootActors = features.flatMap((feature) => feature.actors ?? [])

export const liveRootMachine = createRootMachine({
  actors: rootActors,
  pageLogic,
  reportLogic,
})

export interface StartOptions {
  readonly i18n: I18n
  readonly inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void)
}

export const startSystem = async ({ i18n, inspect }: StartOptions) => {
  const runtime: AppRuntime = ManagedRuntime.make(
    appLayer({
      translateAlert: (message) => {
        const key = alertKeyOf(message)
        return key ? i18n.t(`alerts.${key}`) : message
      },
    }),
  )
  // The logged-out pages need a client token (forgot/reset password).
  await runtime.runPromise(ensureClientToken)
  const inputs = Object.fromEntries(
    await Promise.all(
      rootActors.flatMap((actor) => (actor.prepare ? [runtime.runPromise(actor.prepare).then((input) => [actor.id, input] as const)] : [])),
    ),
  )
  const root = createAppActor(liveRootMachine, { runtime, input: { inputs }, systemId: "root", inspect })
  root.start()
  return root
}
