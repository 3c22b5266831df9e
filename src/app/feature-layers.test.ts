// @vitest-environment node
/**
 * One name per feature in every layer: the layers a manifest claims (Feature.layers) are on disk under the feature's
 * name, and every folder in a layer's root is the part of the feature of that name that claims it, or one of the
 * shared kits below. A stray or misspelt folder, an unclaimed server feature or a claim with nothing behind it fails
 * here, naming the feature and the path.
 */
import { existsSync, readdirSync, statSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import type { Layer } from "./feature"
import { features } from "./features"

const REPO = resolve(__dirname, "../..")

/** Each layer's root (relative to the repository); a feature's part is the folder of its name there, docs a page. */
const layerRoots: Readonly<Record<Layer, string>> = {
  machines: "src/machines",
  views: "src/views",
  services: "src/services",
  server: "server/features",
  browser: "tests/browser",
  docs: "docs/features",
}
const layers = Object.keys(layerRoots) as Layer[]

/** Where a feature's part of a layer is. */
const pathOf = (layer: Layer, name: string) => (layer === "docs" ? `${layerRoots.docs}/${name}.md` : `${layerRoots[layer]}/${name}/`)

/**
 * The folders in the layer roots that are no feature's: shared kits, each in the layers it is in, with why it has no
 * manifest. Keep it short; a feature's part goes under the feature's name.
 */
const sharedKits: Readonly<Record<string, { readonly layers: readonly Layer[]; readonly why: string }>> = {
  common: {
    layers: ["machines", "views"],
    why: "building blocks every feature uses (actor/Effect bridge, record editor, CSV import, page header, failure text)",
  },
  root: { layers: ["machines"], why: "the actor system's root, built from all the manifests; it knows no feature machine" },
  acl: {
    layers: ["machines"],
    why: "the access rule and gate, read by the router, the shell and many features' screens; the shell runs its actor",
  },
  api: { layers: ["services"], why: "the HTTP client of the contract catalogue, which every feature's machines call" },
  browser: { layers: ["services"], why: "browser storage, its keys and the ended-session rule the session, ACL and API share" },
  realtime: { layers: ["services"], why: "the one socket connection whose channels the live features (chat, calls, dashboard) share" },
  cluster: { layers: ["browser"], why: "two server processes behind HAProxy: the chat and calls failing over, no one feature's" },
  tour: {
    layers: ["browser"],
    why: "every address as every demo user, checking what no one screen owns: load errors, fit, raw values, dates",
  },
  a11y: {
    layers: ["browser"],
    why: "the WCAG audit (axe) the tour runs on every screen, the open states and the keyboard-only agent: no one screen owns them",
  },
}

/**
 * The files directly in server/features/ (its loader skips them): the loader that finds and registers the feature
 * folders' modules. Anything else there belongs in a feature's folder.
 */
const serverPlatformFiles: readonly string[] = ["load.ts"]

/** The pages directly in docs/features/ that are no feature's: the index of the feature pages. */
const docsIndexPages: readonly string[] = ["README.md"]

const entriesOf = (root: string) => readdirSync(join(REPO, root), { withFileTypes: true })

/**
 * A layer root's entries that are parts of something: its folders, or for docs every entry (a page `<name>.md` is the
 * part of `<name>`; anything else there has no name, so it is a stray). Other files in the code roots (the app layer,
 * the browser tests' helpers) are not parts.
 */
const partsIn = (layer: Layer): { readonly name?: string; readonly path: string }[] =>
  entriesOf(layerRoots[layer]).flatMap((entry) => {
    if (layer !== "docs") return entry.isDirectory() ? [{ name: entry.name, path: pathOf(layer, entry.name) }] : []
    if (docsIndexPages.includes(entry.name)) return []
    const page = entry.isFile() && entry.name.endsWith(".md")
    return [{ name: page ? entry.name.slice(0, -".md".length) : undefined, path: `${layerRoots.docs}/${entry.name}` }]
  })

const byName = new Map(features.map((feature) => [feature.name, feature] as const))

describe("feature layers", () => {
  it("each feature has one name, and claims each layer once", () => {
    expect(features.length - byName.size, "two manifests with one name").toBe(0)
    for (const feature of features) {
      expect(feature.name, `feature name ${feature.name}`).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/)
      expect(new Set(feature.layers).size, `${feature.name} claims a layer twice: ${feature.layers.join(", ")}`).toBe(feature.layers.length)
      for (const layer of feature.layers) expect(layers, `${feature.name} claims an unknown layer ${layer}`).toContain(layer)
    }
  })

  it("each manifest is src/app/features/<name>.ts, listed in src/app/features.ts", () => {
    const files = entriesOf("src/app/features")
      .filter((entry) => entry.isFile() && entry.name.endsWith(".ts"))
      .map((entry) => entry.name.slice(0, -".ts".length))
    for (const file of files) expect(byName.has(file), `src/app/features/${file}.ts is not in src/app/features.ts`).toBe(true)
    for (const feature of features)
      expect(files, `${feature.name}'s manifest is not src/app/features/${feature.name}.ts`).toContain(feature.name)
  })

  it.each(features.map((feature) => [feature.name, feature] as const))("%s's claimed layers are on disk", (_name, feature) => {
    for (const layer of feature.layers) {
      const path = pathOf(layer, feature.name)
      const found = existsSync(join(REPO, path)) && statSync(join(REPO, path))[layer === "docs" ? "isFile" : "isDirectory"]()
      expect(found, `${feature.name} claims ${layer}, but ${path} is not there`).toBe(true)
    }
  })

  it.each(layers)("every part in %s's root is its feature's claim or a shared kit", (layer) => {
    for (const { name, path } of partsIn(layer)) {
      expect(name, `${path} is not a page: docs/features holds only <feature>.md`).toBeDefined()
      if (name === undefined) continue
      const kit = sharedKits[name]
      if (kit) {
        expect(kit.layers, `${path} is the shared kit ${name}, not listed for ${layer} in sharedKits`).toContain(layer)
        continue
      }
      const feature = byName.get(name)
      expect(feature, `${path} belongs to no feature: no manifest src/app/features/${name}.ts and no shared kit ${name}`).toBeDefined()
      expect(feature?.layers, `${path} is there, but feature ${name} does not claim ${layer}`).toContain(layer)
    }
  })

  it("every server feature folder belongs to a manifest (a server-only one too)", () => {
    for (const { name } of partsIn("server")) {
      if (name === undefined) continue
      expect(byName.get(name)?.layers, `server/features/${name}/ has no manifest claiming "server"`).toContain("server")
    }
  })

  it("the only files directly in server/features/ are its platform files", () => {
    const files = entriesOf(layerRoots.server)
      .filter((entry) => !entry.isDirectory())
      .map((entry) => entry.name)
    for (const file of files)
      expect(serverPlatformFiles, `server/features/${file} is not a platform file: move it into a feature's folder`).toContain(file)
  })

  it("the shared kits, platform files and index pages listed here are on disk, and no kit has a feature's name", () => {
    for (const [name, kit] of Object.entries(sharedKits)) {
      expect(byName.has(name), `shared kit ${name} has the name of a feature`).toBe(false)
      expect(kit.why, `shared kit ${name} says why it is no feature`).not.toBe("")
      for (const layer of kit.layers)
        expect(
          existsSync(join(REPO, pathOf(layer, name))),
          `shared kit ${name} lists ${layer}, but ${pathOf(layer, name)} is not there`,
        ).toBe(true)
    }
    for (const file of serverPlatformFiles)
      expect(existsSync(join(REPO, layerRoots.server, file)), `platform file server/features/${file} is not there`).toBe(true)
    for (const page of docsIndexPages)
      expect(existsSync(join(REPO, layerRoots.docs, page)), `index page docs/features/${page} is not there`).toBe(true)
  })
})
