/**
 * What a feature tells the app (its manifest in src/app/features/<name>.ts, listed once in src/app/features.ts):
 * the layers it has, its lazy screens by route key, the actors the root runs for it, its page actors and its strings.
 * Nothing else in src/app names a feature.
 */
import type { Effect } from "effect"
import type { ComponentType } from "react"
import type { AnyActorLogic } from "xstate"
import type { GroupKey } from "../contract/catalogue"
import type { RootActor } from "../machines/root/root-machine"
import type { AppServices } from "../services/app-layer"
import type { Language } from "./languages"

export interface ScreenProps {
  readonly routeKey: string
  readonly section?: string
}

/** A screen's chunk, loaded when its route first renders. */
export type ScreenLoader = () => Promise<ComponentType<ScreenProps>>

/** Strings under their top-level keys (`{ chat: {...} }`), merged into i18next's default namespace. */
export type StringBundle = Readonly<Record<string, unknown>>
export type StringLoaders = Readonly<Record<Language, () => Promise<StringBundle>>>

export interface FeatureActor extends RootActor {
  /** Read before the root starts (e.g. the layout cached in storage); the actor's start input. */
  readonly prepare?: Effect.Effect<unknown, unknown, AppServices>
}

/**
 * A layer a feature may have: a folder (docs: a page) of the feature's own name under the layer's root. machines:
 * src/machines/<name>/, views: src/views/<name>/, services: src/services/<name>/, server: server/features/<name>/,
 * browser: tests/browser/<name>/, docs: docs/features/<name>.md. feature-layers.test.ts checks the claims against the
 * disk both ways, and that every other folder there is one of its short list of shared kits.
 */
export type Layer = "machines" | "views" | "services" | "server" | "browser" | "docs"

export interface Feature {
  readonly name: string
  /** The layers it has, each under its name (see Layer). A server-only feature's manifest has just its name and these. */
  readonly layers: readonly Layer[]
  /** Route key (src/contract/routes.ts), or `companyDetails/<section>` for a company sub-page → screen. */
  readonly screens?: Readonly<Record<string, ScreenLoader>>
  /**
   * The contract groups its actors call (src/contract/lazy-catalogue.ts): loaded with its screens and toolbar (with the
   * logged-in frame for a feature with root actors), so a first call does not wait for its group's chunk. A group left
   * out still loads at its first call; features.test.ts checks the list against the feature's machines.
   */
  readonly calls?: readonly GroupKey[]
  /** Page-long actors the root invokes, in start order across the list. */
  readonly actors?: readonly FeatureActor[]
  /**
   * Paged reports by systemId (`report-<name>`): loaded with the feature's screens, started by the root when a screen
   * first shows one and kept (filters, rows) until the login ends.
   */
  readonly reports?: Readonly<Record<string, () => Promise<AnyActorLogic>>>
  /** Page actors by id (their systemId): loaded with the feature's screens, run by the root while a view is open. */
  readonly pages?: Readonly<Record<string, () => Promise<AnyActorLogic>>>
  /**
   * A control in the logged-in frame's top bar (the team-chat button), loaded after the frame together with the
   * feature's strings, page actors and reports, so the login route never carries it.
   */
  readonly toolbar?: () => Promise<ComponentType>
  readonly strings?: StringLoaders
  /** Other features whose strings its views show (a shared drawer, the report kit's notices) and whose page actors they open. */
  readonly uses?: readonly string[]
  /**
   * When its strings load: with its screens (the default); with the logged-in frame, for a feature shown outside its
   * screens (the call cards); or on every page, logged in or not (route titles, language names).
   */
  readonly loadStrings?: "with-screens" | "with-frame" | "on-every-page"
}

/** A screen loader from a module and the component it exports. */
export const screen =
  <M>(load: () => Promise<M>, pick: (module: M) => ComponentType<ScreenProps>): ScreenLoader =>
  () =>
    load().then(pick)
