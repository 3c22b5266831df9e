import type { AddressInfo } from "node:net"
import { describe, expect, it } from "vitest"
import { createSmppServer, type Pdu, SMPP } from "./smpp"
import { parseReceipt, SmppLink } from "./smpp-link"

const pdu = (fields: Partial<Pdu>) =>
  ({ command: "deliver_sm", command_status: 0, sequence_number: 1, response: () => ({}) as Pdu, ...fields }) as Pdu

describe("SMPP link rules", () => {
  it("reads a delivery receipt's id and state from its text or its TLVs", () => {
    const text = "id:0a1b2c sub:001 dlvrd:001 submit date:2611231200 done date:2611231201 stat:DELIVRD err:000 text:"
    expect(parseReceipt(pdu({ short_message: { message: text } }))).toEqual({ messageId: "0a1b2c", delivered: true, stat: "DELIVRD" })
    expect(parseReceipt(pdu({ short_message: "id:77 stat:UNDELIV err:001" }))).toEqual({
      messageId: "77",
      delivered: false,
      stat: "UNDELIV",
    })
    expect(parseReceipt(pdu({ receipted_message_id: "abc", message_state: 2, short_message: "" }))).toMatchObject({
      messageId: "abc",
      delivered: true,
    })
    expect(parseReceipt(pdu({ short_message: "hello" }))).toBeNull()
  })

  it("reconnects at once, then after 0.5 s, 1 s, 2 s … never more than 30 s", () => {
    expect([0, 1, 2, 3, 7, 20].map(SmppLink.backoffMs)).toEqual([0, 500, 1000, 2000, 30_000, 30_000])
  })

  it("closes within a second when the SMSC hangs up on the unbind instead of answering it", async () => {
    // Answers the bind; on the unbind, drops the connection without a word (the socket's close then comes before the
    // link's cut, and never again after it).
    const smsc = createSmppServer((session) => {
      session.on("bind_transceiver", (request: Pdu) => session.send(request.response({ command_status: SMPP.ROK })))
      session.on("unbind", () => session.socket.destroy())
    })
    await new Promise<void>((resolve) => smsc.listen(0, "127.0.0.1", resolve))
    const port = (smsc.address() as AddressInfo).port
    const link = new SmppLink(
      { host: "127.0.0.1", port, systemId: "test", password: "secret", systemType: "", window: 1 },
      { receipt: () => {}, inbound: () => {} },
    )
    try {
      await link.ready()
      const started = Date.now()
      const closed = await Promise.race([link.close().then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))])
      expect(closed).toBe(true)
      expect(Date.now() - started).toBeLessThan(1_500)
    } finally {
      await new Promise((resolve) => smsc.close(resolve))
    }
  })
})
