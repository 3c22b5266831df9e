/**
 * How a console's socket comes back after its server went away (a node killed, a restart): the first try after
 * 125–375 ms (socket.io spreads the 250 ms by half either way, so a node's agents do not all knock at once), then
 * twice as long each time, up to 5 s. Measured against 500 ms (`npm run bench:cluster`, 500 agents of a killed node,
 * docs/benchmarks.md): back sooner by 0.3–0.7 s at the median and the 99th percentile.
 */
export const RECONNECT = { reconnection: true, reconnectionDelay: 250, reconnectionDelayMax: 5000 } as const
