/** Distances on the earth (a sphere of radius 6,371 km) and the box around a circle that the nearest-branch query scans. */

export const EARTH_RADIUS_KM = 6371

const rad = (deg: number) => (deg * Math.PI) / 180

/** Great-circle distance in km (haversine). The SQL of nearest.ts computes the same formula. */
export const haversineKm = (lat1: number, lng1: number, lat2: number, lng2: number): number => {
  const dLat = rad(lat2 - lat1)
  const dLng = rad(lng2 - lng1)
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)))
}

/** A longitude range; `from > to` never happens: a box across the antimeridian is two ranges. */
export interface LngRange {
  readonly from: number
  readonly to: number
}

export interface Box {
  readonly minLat: number
  readonly maxLat: number
  /** Empty when every longitude is in (the circle reaches a pole or spans the globe). */
  readonly lng: readonly LngRange[]
}

/** The smallest latitude/longitude box holding every point within `radiusKm` of (lat, lng). */
export const boxAround = (lat: number, lng: number, radiusKm: number): Box => {
  const dLat = (radiusKm / EARTH_RADIUS_KM) * (180 / Math.PI)
  const minLat = lat - dLat
  const maxLat = lat + dLat
  if (minLat <= -90 || maxLat >= 90) return { minLat: Math.max(-90, minLat), maxLat: Math.min(90, maxLat), lng: [] }
  // The widest longitude span of the circle (at the latitude where it touches its meridians).
  const ratio = Math.sin(radiusKm / EARTH_RADIUS_KM) / Math.cos(rad(lat))
  if (ratio >= 1) return { minLat, maxLat, lng: [] }
  const dLng = (Math.asin(ratio) * 180) / Math.PI
  const from = lng - dLng
  const to = lng + dLng
  if (from < -180)
    return {
      minLat,
      maxLat,
      lng: [
        { from: from + 360, to: 180 },
        { from: -180, to },
      ],
    }
  if (to > 180)
    return {
      minLat,
      maxLat,
      lng: [
        { from, to: 180 },
        { from: -180, to: to - 360 },
      ],
    }
  return { minLat, maxLat, lng: [{ from, to }] }
}

/** A link that opens the point on OpenStreetMap (no key, no tiles served by us). */
export const mapUrlOf = (lat: number, lng: number) =>
  `https://www.openstreetmap.org/?mlat=${lat.toFixed(6)}&mlon=${lng.toFixed(6)}#map=17/${lat.toFixed(6)}/${lng.toFixed(6)}`
