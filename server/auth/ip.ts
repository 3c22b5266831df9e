/** IP whitelist matching: exact addresses and IPv4 CIDR blocks (IPv4-mapped IPv6 callers are unwrapped). */
const toInt = (ip: string): number | null => {
  const parts = ip.split(".")
  if (parts.length !== 4) return null
  let n = 0
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null
    n = n * 256 + Number(part)
  }
  return n
}

const normalise = (ip: string) => ip.replace(/^::ffff:/, "")

export const ipAllowed = (entry: string, callerIp: string): boolean => {
  const caller = normalise(callerIp)
  const [base, bitsText] = entry.trim().split("/")
  if (bitsText === undefined) return normalise(base) === caller
  const bits = Number(bitsText)
  const b = toInt(base)
  const c = toInt(caller)
  if (b === null || c === null || !Number.isInteger(bits) || bits < 0 || bits > 32) return false
  if (bits === 0) return true
  const mask = (0xffffffff << (32 - bits)) >>> 0
  return (b & mask) >>> 0 === (c & mask) >>> 0
}
