/**
 * The actor system, created once per page: the Effect runtime over the browser services, the root machine with
 * the live actor implementations, and (with `?inspect`) the Stately inspector attached before anything starts.
 */
import { Effect, Layer, ManagedRuntime } from "effect"
import type { i18n as I18n } from "i18next"
import type { InspectionEvent, Observer } from "xstate"
import { Api, HttpLive } from "../services/api/api"
import { BrowserShell } from "../services/browser/browser-shell"
import { ApiConfig, ensureClientToken } from "../services/api/config"
import { Storage } from "../services/browser/storage"
import { Realtime } from "../services/realtime/realtime"
import { VoiceMedia } from "../services/calls/voice-media"
import { aclMachine } from "../machines/acl/acl-machine"
import { liveLayoutMachine, readCachedLayout } from "../machines/shell/layout-actors"
import { createAppActor, type AppRuntime } from "../machines/common/from-effect"
import { rootMachine } from "../machines/root/root-machine"
import { liveAccountMachine, liveSessionMachine } from "../machines/session/session-actors"
import { alertKeyOf } from "./i18n"

/** window.alert, but in the user's language: the API client alerts with the spec's English texts. */
const translatedShell = (i18n: I18n) =>
  Layer.effect(
    BrowserShell,
    Effect.gen(function* () {
      const shell = yield* BrowserShell
      return {
        ...shell,
        alert: (message: string) =>
          Effect.sync(() => {
            const key = alertKeyOf(message)
            window.alert(key ? i18n.t(`alerts.${key}`) : message)
          }),
      }
    }),
  ).pipe(Layer.provide(BrowserShell.layerBrowser))

export const appLayer = (i18n: I18n) =>
  Layer.mergeAll(Api.layer, Realtime.layerBrowser, VoiceMedia.layerBrowser).pipe(
    Layer.provideMerge(ApiConfig.layerFromServer()),
    Layer.provideMerge(Layer.mergeAll(Storage.layerBrowser, translatedShell(i18n), HttpLive)),
  )

export const liveRootMachine = rootMachine.provide({
  actors: { session: liveSessionMachine, acl: aclMachine, layout: liveLayoutMachine, account: liveAccountMachine },
})

export interface StartOptions {
  readonly i18n: I18n
  readonly inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void)
}

export const startSystem = async ({ i18n, inspect }: StartOptions) => {
  const runtime: AppRuntime = ManagedRuntime.make(appLayer(i18n))
  // The logged-out pages need a client token (forgot/reset password); the cached look avoids a flash of defaults.
  await runtime.runPromise(ensureClientToken)
  const cachedLayout = await runtime.runPromise(readCachedLayout)
  const root = createAppActor(liveRootMachine, { runtime, input: { cachedLayout }, systemId: "root", inspect })
  root.start()
  return root
}
