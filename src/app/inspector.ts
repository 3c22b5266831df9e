/**
 * `?inspect` attaches the Stately inspector over a websocket (`npm run inspect` serves the relay and a viewer;
 * the online inspector is unreachable offline). `?inspect=ws://host:port` picks another relay. Loaded on demand,
 * so the inspector costs nothing without the flag.
 */
import type { InspectionEvent } from "xstate"

export const DEFAULT_INSPECT_URL = "ws://127.0.0.1:5678"

export const inspectorFromUrl = async (search: string): Promise<((event: InspectionEvent) => void) | undefined> => {
  const params = new URLSearchParams(search)
  if (!params.has("inspect")) return undefined
  const value = params.get("inspect")
  const url = value && /^wss?:\/\//.test(value) ? value : DEFAULT_INSPECT_URL
  const { createWebSocketInspector } = await import("@statelyai/inspect")
  const inspector = createWebSocketInspector({ url })
  return (event) => inspector.inspect.next?.(event)
}
