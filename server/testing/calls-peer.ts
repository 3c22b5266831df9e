/** Test plumbing for the console's socket: socket.io clients, event waits, and a werift peer standing in for a browser. */
import { io, type Socket } from "socket.io-client"
import { RTCPeerConnection, RtpHeader, RtpPacket, type RTCRtpTransceiver } from "werift"
import { CHAT_BATCH, type ChatBatch } from "../../src/contract/chat-events"
import { as, callOf, login, send } from "./harness"

/**
 * A console socket of an agent who is online, as the console's is once its Online switch is on (calls ring only online
 * agents); `reconnection`: it comes back by itself, as the console's does (a node died behind the balancer).
 */
export const connect = async (url: string, token: string, reconnection = false): Promise<Socket> => {
  await send(url, callOf("auth", "agentOnline"), {}, as(token))
  return socketOf(url, token, reconnection)
}

/**
 * Hands each `chat:batch` frame's events to the socket's own listeners, one by one in order, as the console does
 * (src/services/realtime): a test or bench waits for `chat:message` whether it came alone or in a batch.
 */
export const unbatching = (socket: Socket): Socket =>
  socket.on(CHAT_BATCH, (batch: ChatBatch) => {
    for (const item of batch.events) for (const listener of socket.listeners(item.event)) listener(item.payload)
  })

const socketOf = (url: string, token: string, reconnection: boolean): Promise<Socket> =>
  new Promise((resolve, reject) => {
    const socket = unbatching(
      io(url, {
        path: "/rt/socket.io",
        transports: ["websocket"],
        auth: { user_token: token },
        reconnection,
        forceNew: true,
      }),
    )
    socket.once("connect", () => resolve(socket))
    socket.once("connect_error", reject)
  })

/** The next `event` on `socket` matching `match`, or a rejection after `ms`. */
export const next = <T = any>(socket: Socket, event: string, match: (p: T) => boolean = () => true, ms = 5000): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler)
      reject(new Error(`no ${event} within ${ms} ms`))
    }, ms)
    const handler = (payload: T) => {
      if (!match(payload)) return
      clearTimeout(timer)
      socket.off(event, handler)
      resolve(payload)
    }
    socket.on(event, handler)
  })

/** Every `event` payload seen on `socket` from now on. */
export const record = <T = any>(socket: Socket, event: string): T[] => {
  const seen: T[] = []
  socket.on(event, (p: T) => void seen.push(p))
  return seen
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Logs each demo user in and connects a socket for them: by name, the socket, the request headers and the user id. */
export const connectUsers = async (url: string, names: readonly string[]) => {
  const users: Record<string, { socket: Socket; headers: Record<string, string>; id: number }> = {}
  for (const name of names) {
    const session = await login(url, name)
    users[name] = { socket: await connect(url, session.user_token), headers: as(session.user_token), id: session.user_data.id }
  }
  return users
}

/** A werift peer with one sendrecv audio transceiver, counting what it receives: the far end echoes what it sends. */
export const browserPeer = async () => {
  const pc = new RTCPeerConnection({
    iceAdditionalHostAddresses: ["127.0.0.1"],
    iceInterfaceAddresses: { udp4: "127.0.0.1" },
    iceUseIpv6: false,
  })
  const transceiver: RTCRtpTransceiver = pc.addTransceiver("audio", { direction: "sendrecv" })
  const received = { packets: 0 }
  transceiver.onTrack.subscribe((track) => void track.onReceiveRtp.subscribe(() => void received.packets++))
  await pc.setLocalDescription(await pc.createOffer())
  if (pc.iceGatheringState !== "complete") await pc.iceGatheringStateChange.watch((s) => s === "complete")
  let seq = 1
  return {
    pc,
    received,
    offer: pc.localDescription!.sdp,
    accept: (sdp: string) => pc.setRemoteDescription({ type: "answer", sdp }),
    connected: () =>
      pc.connectionState === "connected"
        ? Promise.resolve()
        : pc.connectionStateChange.watch((s) => s === "connected").then(() => undefined),
    /** Sends `count` Opus-sized packets, 20 ms apart: `clip`'s packets in turn (real Opus), or filler bytes. */
    talk: async (count: number, clip?: readonly Buffer[]) => {
      for (let i = 0; i < count; i++) {
        const header = new RtpHeader({ payloadType: 111, sequenceNumber: seq++, timestamp: seq * 960, marker: false })
        await transceiver.sender.sendRtp(new RtpPacket(header, clip ? clip[i % clip.length] : Buffer.alloc(60, i)))
        await pause(20)
      }
    },
    close: () => pc.close(),
  }
}
