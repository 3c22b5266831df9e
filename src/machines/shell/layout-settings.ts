/**
 * The layout settings of spec 000 section 2 "Layout settings" in the contract's shape (src/contract/schemas/layout.ts),
 * with every optional group filled in, and a tolerant reader for whatever the server or the cache holds.
 */
import type { Layout, Theme as ContractTheme } from "../../contract/schemas/layout"

export const LAYOUT_STYLES = ["vertical", "horizontal", "horizontal-container"] as const
export const LAYOUT_MODES = ["boxed", "fullwidth", "container"] as const
/** "content": only the page body scrolls under fixed bars; "default": the whole window scrolls. */
export const SCROLL_AREAS = ["content", "default"] as const
/** Toolbar and footer: stay in view ("fixed") or scroll away with the page ("static"). */
export const BAR_POSITIONS = ["fixed", "static"] as const
export const THEMES = ["light", "dark"] as const

export type LayoutStyle = (typeof LAYOUT_STYLES)[number]
export type LayoutMode = (typeof LAYOUT_MODES)[number]
export type ScrollArea = (typeof SCROLL_AREAS)[number]
export type BarPosition = (typeof BAR_POSITIONS)[number]
export type Theme = (typeof THEMES)[number]

export interface Section {
  readonly display: boolean
  readonly position: BarPosition
}

export interface LayoutSettings {
  readonly style: LayoutStyle
  readonly mode: LayoutMode
  readonly scroll: ScrollArea
  readonly navbar: Section
  readonly toolbar: Section
  readonly footer: Section
}

export const defaultLayout: LayoutSettings = {
  style: "vertical",
  mode: "fullwidth",
  scroll: "content",
  navbar: { display: true, position: "fixed" },
  toolbar: { display: true, position: "fixed" },
  footer: { display: true, position: "static" },
}

const pick = <T extends string>(allowed: readonly T[], value: unknown, fallback: T): T =>
  typeof value === "string" && (allowed as readonly string[]).includes(value) ? (value as T) : fallback
const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {}
const section = (value: unknown, fallback: Section): Section => {
  const raw = record(value)
  return {
    display: typeof raw.display === "boolean" ? raw.display : fallback.display,
    position: pick(BAR_POSITIONS, raw.position, fallback.position),
  }
}

/** Any value read into valid settings (unknown values fall back to the defaults). */
export const readLayout = (value: unknown): LayoutSettings => {
  const raw = record(value)
  const d = defaultLayout
  return {
    style: pick(LAYOUT_STYLES, raw.style, d.style),
    mode: pick(LAYOUT_MODES, raw.mode, d.mode),
    scroll: pick(SCROLL_AREAS, raw.scroll, d.scroll),
    navbar: section(raw.navbar, d.navbar),
    toolbar: section(raw.toolbar, d.toolbar),
    footer: section(raw.footer, d.footer),
  }
}

/** The contract's theme is `{ name, dark }`; the console offers light and dark. */
export const readTheme = (value: unknown): Theme => {
  if (value === "dark" || value === "light") return value
  const raw = record(value)
  return raw.dark === true || raw.name === "dark" ? "dark" : "light"
}

export const toContractLayout = (layout: LayoutSettings): Layout => ({ ...layout })
export const toContractTheme = (theme: Theme): ContractTheme => ({ name: theme, dark: theme === "dark" })

/** A partial change from the settings panel; nested groups merge. */
export interface LayoutPatch {
  readonly style?: LayoutStyle
  readonly mode?: LayoutMode
  readonly scroll?: ScrollArea
  readonly navbar?: Partial<Section>
  readonly toolbar?: Partial<Section>
  readonly footer?: Partial<Section>
}

export const applyPatch = (layout: LayoutSettings, patch: LayoutPatch): LayoutSettings =>
  readLayout({
    ...layout,
    ...patch,
    navbar: { ...layout.navbar, ...patch.navbar },
    toolbar: { ...layout.toolbar, ...patch.toolbar },
    footer: { ...layout.footer, ...patch.footer },
  })
