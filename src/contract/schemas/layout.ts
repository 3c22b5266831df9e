/** The console's layout and theme per user (spec 000 "Layout settings"). */
import { Schema } from "effect"
import { Data } from "./common"

const Section = Schema.Struct({
  display: Schema.Boolean,
  position: Schema.optional(Schema.Literals(["fixed", "static", "above", "below"])),
})
export const Layout = Schema.Struct({
  style: Schema.Literals(["vertical", "horizontal", "horizontal-container"]),
  mode: Schema.Literals(["boxed", "fullwidth", "container"]),
  scroll: Schema.optional(Schema.Literals(["default", "content"])),
  navbar: Schema.optional(Section),
  toolbar: Schema.optional(Section),
  footer: Schema.optional(Section),
})
export type Layout = typeof Layout.Type
export const DEFAULT_LAYOUT: Layout = {
  style: "vertical",
  mode: "fullwidth",
  scroll: "content",
  navbar: { display: true },
  toolbar: { display: true, position: "fixed" },
  footer: { display: false },
}
export const LayoutRequest = Schema.Struct({ layout: Layout })

export const THEMES = ["light", "dark", "blue", "green"] as const
export const Theme = Schema.Struct({
  name: Schema.Literals(THEMES),
  dark: Schema.Boolean,
  primary: Schema.optional(Schema.String.check(Schema.isPattern(/^#[0-9a-fA-F]{6}$/))),
})
export type Theme = typeof Theme.Type
export const DEFAULT_THEME: Theme = { name: "light", dark: false }

export const LayoutResponse = Data(Schema.Struct({ layout: Layout, theme: Theme }))
export const ThemesResponse = Data(Schema.Struct({ themes: Schema.Array(Schema.Literals(THEMES)), current: Theme }))
export const ThemeRequest = Schema.Struct({ theme: Theme })
export const ThemeResponse = Data(Schema.Struct({ theme: Theme }))
export const ProductsResponse = Data(
  Schema.Struct({
    items: Schema.Array(Schema.Struct({ key: Schema.String, name: Schema.String, enabled: Schema.Boolean })),
  }),
)
