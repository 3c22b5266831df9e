/**
 * The actor system, created once per page: the Effect runtime over the browser services, the root machine with
 * the live actor implementations, and (with `?inspect`) the Stately inspector attached before anything starts.
 */
import { ManagedRuntime } from "effect"
import type { i18n as I18n } from "i18next"
import type { InspectionEvent, Observer } from "xstate"
import { appLayer } from "../services/app-layer"
import { ensureClientToken } from "../services/api/config"
import { aclMachine } from "../machines/acl/acl-machine"
import { liveLayoutMachine, readCachedLayout } from "../machines/shell/layout-actors"
import { createAppActor, type AppRuntime } from "../machines/common/from-effect"
import { rootMachine } from "../machines/root/root-machine"
import { liveAccountMachine, liveSessionMachine } from "../machines/session/session-actors"
import { alertKeyOf } from "./i18n"

export const liveRootMachine = rootMachine.provide({
  actors: { session: liveSessionMachine, acl: aclMachine, layout: liveLayoutMachine, account: liveAccountMachine },
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
  // The logged-out pages need a client token (forgot/reset password); the cached look avoids a flash of defaults.
  await runtime.runPromise(ensureClientToken)
  const cachedLayout = await runtime.runPromise(readCachedLayout)
  const root = createAppActor(liveRootMachine, { runtime, input: { cachedLayout }, systemId: "root", inspect })
  root.start()
  return root
}
