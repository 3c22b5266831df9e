/** Where a CPU profile's time went (a V8 profile from CDP's Profiler or from node --cpu-prof): self time by function. */

export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  }[]
  readonly samples?: readonly number[]
  readonly timeDeltas?: readonly number[]
}

/** Where a frame's code is: its script's last path part without the query, and its line; nothing for native code. */
const placeOf = (url: string, lineNumber: number) => (url ? ` ${url.split("/").pop()?.split("?")[0] || url}:${lineNumber + 1}` : "")

/** Prints the `top` functions by self time in ms (idle included, as "(idle)"), under `title`. */
export const printSelfTime = (title: string, profile: CpuProfile, top = 15) => {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    const frame = byNode.get(samples[i])?.callFrame
    const key = frame ? `${frame.functionName || "(anonymous)"}${placeOf(frame.url, frame.lineNumber)}` : "?"
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0) / 1000)
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  console.log(`${title}, self time (${total.toFixed(0)} ms sampled):`)
  for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${ms.toFixed(1).padStart(9)} ms ${((100 * ms) / Math.max(1, total)).toFixed(1).padStart(5)} %  ${key}`)
}
