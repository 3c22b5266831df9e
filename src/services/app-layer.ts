/**
 * Every Effect service the console's actors may use, composed once. `AppServices` is derived from this layer, so a
 * new service is added here and nowhere else: machines, the runtime and the test runtimes follow from the type.
 */
import { Effect, Layer } from "effect"
import { Api, apiTestLayer, HttpLive } from "./api/api"
import { ApiConfig } from "./api/config"
import { BrowserShell } from "./browser/browser-shell"
import { Storage } from "./browser/storage"
import { TabStorage } from "./browser/tab-storage"
import { VoiceMedia } from "./calls/voice-media"
import { ChatFiles } from "./chat/chat-files"
import { ContactCsv } from "./contacts/contact-csv"
import { Realtime } from "./realtime/realtime"

/** window.alert, but in the user's language (the API client alerts with the spec's English texts). */
const translatedShell = (translateAlert: (message: string) => string) =>
  Layer.effect(
    BrowserShell,
    Effect.gen(function* () {
      const shell = yield* BrowserShell
      return { ...shell, alert: (message: string) => Effect.sync(() => window.alert(translateAlert(message))) }
    }),
  ).pipe(Layer.provide(BrowserShell.layerBrowser))

/** The services that stand on the API's collaborators (configuration and storage). */
const featureServices = Layer.mergeAll(
  Api.layer,
  Realtime.layerBrowser,
  VoiceMedia.layerBrowser,
  ChatFiles.layer,
  ContactCsv.layer,
  TabStorage.layerBrowser,
)

export const appLayer = (options: { readonly translateAlert: (message: string) => string }) =>
  featureServices.pipe(
    Layer.provideMerge(ApiConfig.layerFromServer()),
    Layer.provideMerge(Layer.mergeAll(Storage.layerBrowser, translatedShell(options.translateAlert), HttpLive)),
  )

/** The services an effect run by an actor may use. */
export type AppServices = Layer.Success<ReturnType<typeof appLayer>>

/** The same services over memory storage, a recording shell and explicit bases (tests, or another backend). */
export const appTestLayer = (options: Parameters<typeof apiTestLayer>[0]): Layer.Layer<AppServices> =>
  Layer.mergeAll(Realtime.layerBrowser, VoiceMedia.layerBrowser, ChatFiles.layer, ContactCsv.layer, TabStorage.layerMemory()).pipe(
    Layer.provideMerge(apiTestLayer(options)),
  )
