/**
 * Hook points: how a core feature lets other features react to what it does without importing them. The owner declares
 * a point (`hookPoint` for reactions run in order, `listPoint` for values in order, `keyedPoint` for one provider per
 * key, `portPoint` for the one provider of an answer); a feature exports its reactions as `hooks` (FeatureModule) and the feature loader installs
 * them at start. The owner runs a point inside its own transaction, so a reaction commits or rolls back with the change.
 */

/** One feature's reaction at a point; `order` runs lower first (the owner documents the order it expects). */
export interface Reaction<E, R = void> {
  readonly feature: string
  readonly order: number
  readonly run: (event: E) => Promise<R> | R
}

/** What a feature exports to be installed: a reaction bound to its point. */
export interface HookRegistration {
  readonly install: () => void
}

/** Reactions run one after another, in `order`. */
export interface HookPoint<E, R = void> {
  readonly name: string
  /** Runs every reaction in order and answers their results in that order. */
  readonly run: (event: E) => Promise<R[]>
  /** Runs reactions in order until one answers something other than null/undefined, and answers it (or null). */
  readonly first: (event: E) => Promise<NonNullable<R> | null>
  readonly on: (feature: string, order: number, run: (event: E) => Promise<R> | R) => HookRegistration
  /** The installed reactions, in order (for the tests that check the order). */
  readonly reactions: () => readonly Reaction<E, R>[]
}

export const hookPoint = <E, R = void>(name: string): HookPoint<E, R> => {
  const reactions: Reaction<E, R>[] = []
  return {
    name,
    run: async (event) => {
      const results: R[] = []
      for (const reaction of reactions) results.push(await reaction.run(event))
      return results
    },
    first: async (event) => {
      for (const reaction of reactions) {
        const answer = await reaction.run(event)
        if (answer !== null && answer !== undefined) return answer as NonNullable<R>
      }
      return null
    },
    on: (feature, order, run) => ({
      install: () => {
        if (reactions.some((r) => r.feature === feature && r.order === order && r.run === run)) return
        if (reactions.some((r) => r.order === order))
          throw new Error(`Hook point ${name}: two reactions at order ${order} (${feature} and another); give each its own place`)
        reactions.push({ feature, order, run })
        reactions.sort((a, b) => a.order - b.order)
      },
    }),
    reactions: () => reactions,
  }
}

/** Values in `order`, lowest first (layers wrapped around a channel, say). */
export interface ListPoint<V> {
  readonly name: string
  readonly values: () => readonly V[]
  readonly add: (feature: string, order: number, value: V) => HookRegistration
}

export const listPoint = <V>(name: string): ListPoint<V> => {
  const entries: { feature: string; order: number; value: V }[] = []
  return {
    name,
    values: () => entries.map((e) => e.value),
    add: (feature, order, value) => ({
      install: () => {
        if (entries.some((e) => e.value === value)) return
        if (entries.some((e) => e.order === order))
          throw new Error(`Hook point ${name}: two entries at order ${order} (${feature} and another)`)
        entries.push({ feature, order, value })
        entries.sort((a, b) => a.order - b.order)
      },
    }),
  }
}

/** One provider per key (a kind of message a feature knows how to build, say). */
export interface KeyedPoint<K extends string, V> {
  readonly name: string
  readonly get: (key: K) => V | undefined
  readonly provide: (feature: string, key: K, value: V) => HookRegistration
}

export const keyedPoint = <K extends string, V>(name: string): KeyedPoint<K, V> => {
  const providers = new Map<K, { feature: string; value: V }>()
  return {
    name,
    get: (key) => providers.get(key)?.value,
    provide: (feature, key, value) => ({
      install: () => {
        const present = providers.get(key)
        if (present && present.value !== value) throw new Error(`Hook point ${name}: ${key} provided by ${present.feature} and ${feature}`)
        providers.set(key, { feature, value })
      },
    }),
  }
}

/** The one provider of an answer the owner needs (with the owner's default until a feature provides it). */
export interface PortPoint<A extends unknown[], R> {
  readonly name: string
  readonly ask: (...args: A) => Promise<R>
  readonly provide: (feature: string, answer: (...args: A) => Promise<R>) => HookRegistration
}

export const portPoint = <A extends unknown[], R>(name: string, fallback: (...args: A) => Promise<R>): PortPoint<A, R> => {
  let provider: { feature: string; answer: (...args: A) => Promise<R> } | null = null
  return {
    name,
    ask: (...args) => (provider ? provider.answer(...args) : fallback(...args)),
    provide: (feature, answer) => ({
      install: () => {
        if (provider && provider.answer !== answer) throw new Error(`Hook point ${name}: provided by ${provider.feature} and ${feature}`)
        provider = { feature, answer }
      },
    }),
  }
}

/** Installs every registration (the feature loader, once per process). */
export const installHooks = (registrations: readonly HookRegistration[]) => {
  for (const registration of registrations) registration.install()
}
