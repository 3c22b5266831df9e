/**
 * A home router in front of a SIP phone, for UDP: the phone sends to the box, the box forwards from its own "public"
 * port to Kamailio, and whatever arrives at that port goes back to the phone. Like a phone that does not know it is
 * behind NAT, its Contact and Via are rewritten to a private address (192.168.77.7:5060) nobody can reach, so
 * Kamailio can ring it only through the mapping the phone's own requests opened.
 */
import { createSocket, type RemoteInfo } from "node:dgram"

export const PRIVATE_ADDRESS = "192.168.77.7:5060"

export interface NatBox {
  /** Where the phone sends its SIP (its "outbound" proxy). */
  readonly insidePort: number
  /** Every message the box forwarded towards Kamailio, after rewriting. */
  readonly sent: string[]
  /** Every message the box forwarded from Kamailio to the phone. */
  readonly received: string[]
  readonly stop: () => Promise<void>
}

/** The phone's Contact (and, in its own requests, its Via) as a router-unaware phone writes them: private. */
export const privatize = (message: string): string => {
  const isRequest = !message.startsWith("SIP/2.0")
  return message
    .split("\r\n")
    .map((line) =>
      /^(contact|m):/i.test(line) || (isRequest && /^(via|v):/i.test(line)) ? line.replace(/127\.0\.0\.1:\d+/, PRIVATE_ADDRESS) : line,
    )
    .join("\r\n")
}

export const startNatBox = async (kamailioPort: number): Promise<NatBox> => {
  const bind = () =>
    new Promise<ReturnType<typeof createSocket>>((resolve) => {
      const socket = createSocket("udp4")
      socket.bind(0, "127.0.0.1", () => resolve(socket))
    })
  const inside = await bind()
  const outside = await bind()
  let phone: RemoteInfo | null = null
  const sent: string[] = []
  const received: string[] = []
  inside.on("message", (message, from) => {
    phone = from
    const text = privatize(message.toString())
    sent.push(text)
    outside.send(text, kamailioPort, "127.0.0.1")
  })
  outside.on("message", (message) => {
    received.push(message.toString())
    if (phone) inside.send(message, phone.port, phone.address)
  })
  return {
    insidePort: inside.address().port,
    sent,
    received,
    stop: async () => {
      await new Promise<void>((resolve) => inside.close(() => resolve()))
      await new Promise<void>((resolve) => outside.close(() => resolve()))
    },
  }
}
