/**
 * @fastify/rate-limit's counters in Redis, so every server process counts one budget per address. Its own RedisStore
 * speaks ioredis; this one is the same fixed-window counter for node `redis`: INCR, and PEXPIRE on the window's first
 * hit, in one Lua script so two processes cannot both start a window.
 */
import type { FastifyRateLimitStoreCtor } from "@fastify/rate-limit"
import type { RedisClient } from "../core/redis"

const COUNT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

class RedisRateStore {
  private children = 0
  constructor(
    private readonly redis: RedisClient,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number) {
    this.redis.eval(COUNT, { keys: [`${this.prefix}${key}`], arguments: [String(timeWindow)] }).then(
      (reply) => {
        const [current, ttl] = reply as [number, number]
        callback(null, { current, ttl })
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    )
  }

  /**
   * A route's or a named limiter's own budget. Route limiters are keyed by method and URL; limiters made with
   * `app.rateLimit()` have no route, so by the order they are made in (the same in every process: the same code).
   */
  child(options: { routeInfo?: { method?: unknown; url?: unknown } }): RedisRateStore {
    const route = options.routeInfo
    const name = route?.method && route.url ? `${String(route.method)}${String(route.url)}` : `limiter${++this.children}`
    return new RedisRateStore(this.redis, `${this.prefix}${name}:`)
  }
}

/** The `store` option of @fastify/rate-limit for counters shared through `redis`. */
export const redisRateStore = (redis: RedisClient): FastifyRateLimitStoreCtor =>
  class extends RedisRateStore {
    constructor() {
      super(redis, "rate:")
    }
  } as unknown as FastifyRateLimitStoreCtor
