/**
 * A parent for daemon.test.ts: starts Kamailio, rtpengine and coturn on free ports, says "ready" on stdout and
 * waits to be killed.
 */
import { startKamailio } from "./kamailio"
import { startRtpengine } from "./rtpengine"
import { startCoturn } from "./coturn"
import { freePort } from "./daemon"

await startKamailio({ port: await freePort(), secret: "ZGFlbW9uLXRlc3Q=" })
await startRtpengine({ mediaIp: "127.0.0.1", ngPort: await freePort(), portMin: 22000 + Math.floor(Math.random() * 90) * 100 })
await startCoturn({
  host: "127.0.0.1",
  relayIp: "127.0.0.1",
  port: await freePort(),
  secret: "ZGFlbW9uLXRlc3Q=",
  realm: "pbx.local",
  relayPortMin: 31000 + Math.floor(Math.random() * 90) * 100,
})
process.stdout.write("ready\n")
setInterval(() => undefined, 60_000)
