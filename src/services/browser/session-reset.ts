import { Effect } from "effect"
import { BrowserShell } from "./browser-shell"
import { Storage } from "./storage"

/**
 * The one rule for an ended session (spec 000 sections 4 and 8): tell the user, clear local storage, reload the page.
 * The API client runs it on HTTP 401; the session machine can run it for an expired token. Once a reload is on its
 * way it does nothing: a page load that fires several calls with a dead token shows one alert, not one per call.
 */
export const resetSession = (message: string): Effect.Effect<void, never, Storage | BrowserShell> =>
  Effect.gen(function* () {
    const shell = yield* BrowserShell
    const storage = yield* Storage
    if (!(yield* shell.claimReload)) return
    yield* shell.alert(message)
    yield* storage.clear
    yield* shell.reload
  })
