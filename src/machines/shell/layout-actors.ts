/**
 * The layout machine's actors over the app's services: `/user/layout` to read, `/users/layout/create|update` to
 * save, `PUT /backend/users/themes` for the theme, and the browser cache so the next page starts in the same look.
 */
import { Effect, Schema } from "effect"
import { Api } from "../../services/api/api"
import { Storage } from "../../services/browser/storage"
import { StorageKeys } from "../../services/browser/storage-keys"
import { fromEffect } from "../common/from-effect"
import { layoutMachine, type SavedLayout } from "./layout-machine"
import { readLayout, readTheme, toContractLayout, toContractTheme, type LayoutSettings, type Theme } from "./layout-settings"

const statusOf = (error: unknown) =>
  (error as { _tag?: string; status?: number })?._tag === "HttpFailure" ? (error as { status: number }).status : 0

/** The cached look (layout + theme), read before the root starts so the first paint is already right. */
export const readCachedLayout = Effect.gen(function* () {
  const storage = yield* Storage
  const cached = yield* storage.getJson(StorageKeys.layout, Schema.Struct({ layout: Schema.Unknown, theme: Schema.Unknown }))
  return cached._tag === "Some" ? { layout: readLayout(cached.value.layout), theme: readTheme(cached.value.theme) } : null
})

export const layoutActors = {
  load: fromEffect(() =>
    Effect.gen(function* () {
      const api = yield* Api
      const body = yield* api.call("layout", "userLayout", {})
      const saved: SavedLayout = {
        layout: readLayout(body.data.layout),
        theme: readTheme(body.data.theme),
        exists: true,
      }
      return saved
    }),
  ),
  save: fromEffect((input: { layout: LayoutSettings; exists: boolean }) =>
    Effect.gen(function* () {
      const api = yield* Api
      const payload = { layout: toContractLayout(input.layout) }
      const create = api.call("layout", "usersLayoutCreate", payload)
      const update = api.call("layout", "usersLayoutUpdate", payload)
      // The first save creates the record; if the server already has one (or lost it) the other call follows.
      if (input.exists)
        yield* update.pipe(
          Effect.catchIf(
            (error) => statusOf(error) === 404,
            () => create,
          ),
        )
      else
        yield* create.pipe(
          Effect.catchIf(
            (error) => statusOf(error) === 409,
            () => update,
          ),
        )
    }),
  ),
  saveTheme: fromEffect((input: { theme: Theme }) =>
    Effect.gen(function* () {
      const api = yield* Api
      yield* api.call("layout", "putUsersThemes", { theme: toContractTheme(input.theme) })
    }),
  ),
  cache: fromEffect((input: { layout: LayoutSettings; theme: Theme }) =>
    Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.setJson(StorageKeys.layout, input)
    }),
  ),
}

export const liveLayoutMachine = layoutMachine.provide({ actors: layoutActors })
