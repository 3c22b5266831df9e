/**
 * Which screen each route key renders, from the features' manifests, loaded lazily (one chunk per screen). A screen
 * renders once its chunk, its strings and its page actors' and reports' logic are all in: never a raw key, never a page actor
 * the root cannot start. A route no feature claims shows the shared "not available yet" state with its title.
 */
import { type ComponentType, createElement, type LazyExoticComponent, lazy } from "react"
import type { AnyActorLogic } from "xstate"
import { loadGroups } from "../contract/lazy-catalogue"
import type { Feature, ScreenProps } from "./feature"
import { features } from "./features"
import { needStrings } from "./i18n"

const everyPage = features.filter((f) => f.strings && f.loadStrings === "on-every-page").map((f) => f.name)
const frame = [...everyPage, ...features.filter((f) => f.strings && f.loadStrings === "with-frame").map((f) => f.name)]

/** The strings a feature's screens show: every page's, its own and those of the features it uses. */
const stringsOf = (feature: Feature) => [...everyPage, ...(feature.strings ? [feature.name] : []), ...(feature.uses ?? [])]

const pageLogics = new Map<string, AnyActorLogic>()
const reportLogics = new Map<string, AnyActorLogic>()

/** A page actor's logic by id, once a screen of its feature has loaded (the root machine's `pageLogic`). */
export const pageLogic = (id: string): AnyActorLogic | undefined => pageLogics.get(id)
/** A paged report's logic by systemId, once a screen of its feature has loaded (the root machine's `reportLogic`). */
export const reportLogic = (id: string): AnyActorLogic | undefined => reportLogics.get(id)

const loadInto = (logics: Map<string, AnyActorLogic>, loaders: Feature["pages"]) =>
  Promise.all(Object.entries(loaders ?? {}).map(([id, load]) => load().then((logic) => void logics.set(id, logic))))

/**
 * The contract groups features call. A failed load does not hold a screen back: the group is loaded again at its first
 * call, which then fails as that call (a NetworkFailure the screen shows).
 */
const preload = (groups: Feature["calls"]) => loadGroups(groups ?? []).catch(() => undefined)

const byName = new Map(features.map((feature) => [feature.name, feature] as const))

/**
 * The logic of a feature's page actors and paged reports, and its contract groups, before any of its screens renders;
 * with the page actors and groups of the features it uses (a section of theirs its views show).
 */
const loadActors = (feature: Feature) =>
  Promise.all([
    loadInto(pageLogics, feature.pages),
    loadInto(reportLogics, feature.reports),
    preload(feature.calls),
    ...(feature.uses ?? []).map((name) => {
      const used = byName.get(name)
      return Promise.all([loadInto(pageLogics, used?.pages), preload(used?.calls)])
    }),
  ])

/** The groups the root's actors call once logged in (the chat inbox, the call centre), loaded with the frame. */
const frameGroups = features.flatMap((feature) => (feature.actors ? (feature.calls ?? []) : []))

/**
 * A lazy component, and a way to start loading it before it renders: a screen drawn inside a frame that is still
 * loading would otherwise start only once the frame is in.
 */
type Lazy<P> = LazyExoticComponent<ComponentType<P>> & { readonly preload: () => void }

/** A lazy component that renders once it and everything it waits for have loaded. */
const lazyWith = <P>(load: () => Promise<ComponentType<P>>, ...waits: (() => Promise<unknown>)[]): Lazy<P> => {
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const start = () => {
    loading ??= Promise.all([load(), ...waits.map((wait) => wait())]).then(([component]) => ({ default: component }))
    return loading
  }
  // A load that fails is the render's to report (the screen's failure state), not an unhandled rejection here.
  return Object.assign(lazy(start), { preload: () => void start().catch(() => undefined) })
}

/** For the logged-in frame (the shell and what it shows on every screen, like the call cards). */
export const lazyInFrame = <P>(load: () => Promise<ComponentType<P>>): Lazy<P> =>
  lazyWith(
    load,
    () => needStrings(frame),
    () => preload(frameGroups),
  )

/** For frames and pages outside the screens, logged in or not (the public frame). */
export const lazyOnEveryPage = <P>(load: () => Promise<ComponentType<P>>): Lazy<P> => lazyWith(load, () => needStrings(everyPage))

/** The features' top-bar controls (Feature.toolbar), each rendering once its chunk, strings and actors are in. */
export const toolbarControls: readonly Lazy<object>[] = features.flatMap((feature) =>
  feature.toolbar
    ? [
        lazyWith(
          feature.toolbar,
          () => needStrings([...frame, ...stringsOf(feature)]),
          () => loadActors(feature),
        ),
      ]
    : [],
)

const owners = new Map(features.flatMap((feature) => Object.keys(feature.screens ?? {}).map((key) => [key, feature] as const)))

const notAvailable: Lazy<ScreenProps> = lazyOnEveryPage(() =>
  import("../views/common/NotAvailableView").then(
    (m) =>
      ({ routeKey, section }: ScreenProps) =>
        createElement(m.NotAvailableView, { titleKey: routeKey, section }),
  ),
)

const cache = new Map<string, Lazy<ScreenProps>>()

/** A company-area sub-page (`/apps/company-details/<section>`) is claimed as `companyDetails/<section>`. */
export const sectionKey = (routeKey: string, section: string) => `${routeKey}/${section}`

/**
 * The screen of a route, or of one of its sub-pages. A sub-page no feature claims yet is "Not available yet" naming
 * its section, never the area's own landing screen (which would open again under the sub-page's address).
 */
export const screenFor = (routeKey: string, section?: string): Lazy<ScreenProps> => {
  if (section && !owners.has(sectionKey(routeKey, section))) return notAvailable
  const key = section ? sectionKey(routeKey, section) : routeKey
  let screen = cache.get(key)
  if (!screen) {
    const feature = owners.get(key)
    const load = feature?.screens?.[key]
    screen =
      feature && load
        ? lazyWith(
            load,
            () => needStrings(stringsOf(feature)),
            () => loadActors(feature),
          )
        : notAvailable
    cache.set(key, screen)
  }
  return screen
}
