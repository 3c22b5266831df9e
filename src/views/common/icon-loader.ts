/**
 * Icon loading for Blueprint: naming an icon by string would otherwise pull one ~100 KiB chunk with every icon path.
 * The icons the console draws load together, in one small chunk (shell-icons.ts), with the first icon drawn; any
 * other icon falls back to Blueprint's size-split loader, loaded only when such an icon first appears.
 */
import { Icons } from "@blueprintjs/icons"

let installed = false

export const installIconLoader = () => {
  if (installed) return
  installed = true
  Icons.setLoaderOptions({
    loader: async (name, size) => {
      const paths = (await import("./shell-icons")).listedPaths(name, size)
      if (paths) return paths
      const { splitPathsBySizeLoader } = await import("@blueprintjs/icons/lib/esm/paths-loaders/splitPathsBySizeLoader")
      return splitPathsBySizeLoader(name, size)
    },
  })
}
