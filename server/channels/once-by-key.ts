/**
 * A receiver's de-duplication of hand-overs by their key (OutboundMessage.key, our message id): a repeat answers the
 * first hand-over's id and delivers nothing more. Remembers the newest `limit` keys; a refused hand-over is forgotten,
 * so its retry goes through.
 */
export const onceByKey = (limit = 20_000) => {
  const seen = new Map<string, Promise<{ externalId: string }>>()
  return (clientId: number, key: string | undefined, send: () => Promise<{ externalId: string }>) => {
    if (key === undefined) return send()
    const id = `${clientId}|${key}`
    const known = seen.get(id)
    if (known) return known
    const sending = send()
    seen.set(id, sending)
    sending.catch(() => seen.delete(id))
    if (seen.size > limit) seen.delete(seen.keys().next().value as string)
    return sending
  }
}
