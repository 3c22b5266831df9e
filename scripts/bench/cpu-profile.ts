/** Where a CPU profile's time went (a V8 profile from CDP's Profiler or from node --cpu-prof): self time by function. */

export interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number }
  }[]
  readonly samples?: readonly number[]
  readonly timeDeltas?: readonly number[]
}

/** Prints the `top` functions by self time (idle included, as "(idle)"), under `title`. */
export const printSelfTime = (title: string, profile: CpuProfile, top = 15) => {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]))
  const self = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  for (let i = 0; i < samples.length; i++) {
    const frame = byNode.get(samples[i])?.callFrame
    const key = frame ? `${frame.functionName || "(anonymous)"} ${frame.url.split("/").pop()}:${frame.lineNumber}` : "?"
    self.set(key, (self.get(key) ?? 0) + (deltas[i] ?? 0))
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0)
  console.log(`${title}, self time (${(total / 1e6).toFixed(1)} s sampled):`)
  for (const [key, us] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`  ${(us / 1e6).toFixed(2)} s ${((100 * us) / Math.max(1, total)).toFixed(1).padStart(5)} %  ${key}`)
}
