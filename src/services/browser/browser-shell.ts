import { Context, Effect, Layer } from "effect"

/** The two browser actions the session rules need; a service so tests can see them instead of a real alert/reload. */
export interface BrowserShellShape {
  readonly alert: (message: string) => Effect.Effect<void>
  readonly reload: Effect.Effect<void>
  /**
   * True for the first caller only (atomically): whoever gets it owns the page's last alert and reload. Later ended
   * sessions on the same page (other calls answering 401 meanwhile) get false and stay quiet instead of stacking alerts.
   */
  readonly claimReload: Effect.Effect<boolean>
}

/** The first call answers true, every later one false (until the page loads again). */
const firstClaim = () => {
  let claimed = false
  return {
    claim: Effect.sync(() => {
      const first = !claimed
      claimed = true
      return first
    }),
    forget: () => {
      claimed = false
    },
  }
}

export type ShellEvent = { readonly kind: "alert"; readonly message: string } | { readonly kind: "reload" }

/** A shell that records what it was asked to do (tests; and a headless host that must not reload). */
export interface RecordingShell {
  readonly service: BrowserShellShape
  readonly events: ShellEvent[]
  /** Plays a fresh page load: forgets the claimed reload and the recorded events. */
  readonly pageLoaded: () => void
}

export const makeRecordingShell = (): RecordingShell => {
  const events: ShellEvent[] = []
  const reload = firstClaim()
  return {
    events,
    pageLoaded: () => {
      events.length = 0
      reload.forget()
    },
    service: {
      alert: (message) => Effect.sync(() => void events.push({ kind: "alert", message })),
      reload: Effect.sync(() => void events.push({ kind: "reload" })),
      claimReload: reload.claim,
    },
  }
}

const makeBrowserShell = (): BrowserShellShape => {
  return {
    alert: (message) => Effect.sync(() => window.alert(message)),
    reload: Effect.sync(() => window.location.reload()),
    claimReload: firstClaim().claim,
  }
}

export class BrowserShell extends Context.Service<BrowserShell, BrowserShellShape>()("app/BrowserShell") {
  static readonly layerBrowser: Layer.Layer<BrowserShell> = Layer.sync(BrowserShell, makeBrowserShell)
  static readonly layerFrom = (shell: RecordingShell): Layer.Layer<BrowserShell> => Layer.succeed(BrowserShell, shell.service)
}
