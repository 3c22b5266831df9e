/**
 * A preference each person keeps in this browser: one JSON map under a storage key, user id -> their value. The
 * shortcut choices and the folded sidebar groups are both kept this way; `read` answers the person's value (or the
 * fallback when they have none yet), `save` writes theirs and keeps everyone else's.
 */
import { Effect, Schema } from "effect"
import { Storage } from "../../services/browser/storage"
import type { StorageKey } from "../../services/browser/storage-keys"
import { fromEffect } from "../common/from-effect"

export const perPersonStore = <A>(key: StorageKey, value: Schema.ConstraintDecoder<A>, fallback: A) => {
  const everyone: Schema.ConstraintDecoder<Readonly<Record<string, A>>> = Schema.Record(Schema.String, value)
  const readAll = Effect.gen(function* () {
    const storage = yield* Storage
    const stored = yield* storage.getJson(key, everyone)
    return stored._tag === "Some" ? stored.value : {}
  })
  return {
    read: fromEffect<A, { readonly user: string }>(({ user }) => readAll.pipe(Effect.map((all) => all[user] ?? fallback))),
    save: fromEffect<void, { readonly user: string; readonly value: A }>(({ user, value }) =>
      Effect.gen(function* () {
        const all = yield* readAll
        const storage = yield* Storage
        yield* storage.setJson(key, { ...all, [user]: value })
      }),
    ),
  }
}

/** The guard of a naming event: it names somebody other than the person whose preference the machine holds. */
export const namesSomeoneElse = ({ context, event }: { context: { readonly user: string | null }; event: object }) =>
  "user" in event && event.user !== context.user
