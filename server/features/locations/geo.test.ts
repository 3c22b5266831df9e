/** The box the nearest-branch query scans holds every point of its circle, near the poles and across the antimeridian too. */
import { describe, expect, it } from "vitest"
import { boxAround, haversineKm } from "./geo"

const inBox = (box: ReturnType<typeof boxAround>, lat: number, lng: number) =>
  lat >= box.minLat && lat <= box.maxLat && (box.lng.length === 0 || box.lng.some((r) => lng >= r.from && lng <= r.to))

describe("bounding box", () => {
  it("holds every point within the radius (points on the circle every 3° around centres from pole to pole and across the antimeridian)", () => {
    const rad = (d: number) => (d * Math.PI) / 180
    const deg = (r: number) => (r * 180) / Math.PI
    // The point `km` away from (lat, lng) at `bearing` (great-circle destination).
    const destination = (lat: number, lng: number, bearing: number, km: number) => {
      const d = km / 6371
      const φ = Math.asin(Math.sin(rad(lat)) * Math.cos(d) + Math.cos(rad(lat)) * Math.sin(d) * Math.cos(rad(bearing)))
      const λ =
        rad(lng) + Math.atan2(Math.sin(rad(bearing)) * Math.sin(d) * Math.cos(rad(lat)), Math.cos(d) - Math.sin(rad(lat)) * Math.sin(φ))
      return { lat: deg(φ), lng: ((deg(λ) + 540) % 360) - 180 }
    }
    const outside: string[] = []
    for (const lat of [-89, -75, -45, -10, 0, 30, 41, 60, 80, 89])
      for (const lng of [-179.9, -90, 0, 28.9, 179.9])
        for (const radius of [0.5, 5, 100, 2000])
          for (let bearing = 0; bearing < 360; bearing += 3) {
            const p = destination(lat, lng, bearing, radius * 0.999)
            if (!inBox(boxAround(lat, lng, radius), p.lat, p.lng)) outside.push(`${lat},${lng} r=${radius} bearing ${bearing}`)
          }
    expect(outside).toEqual([])
  })

  it("splits at the antimeridian and drops the longitude bound at a pole", () => {
    expect(boxAround(0, 179.9, 50).lng).toHaveLength(2)
    expect(inBox(boxAround(0, 179.9, 50), 0, -179.9)).toBe(true)
    expect(boxAround(89.9, 0, 50).lng).toEqual([])
    expect(haversineKm(41.0082, 28.9784, 39.9334, 32.8597)).toBeCloseTo(350, -1)
  })
})
