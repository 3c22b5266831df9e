/** The fake Meta of a development server (one per server, in memory), made on first use. */
import type { Services } from "../../http/context"
import { FakeMeta } from "./fake-meta"

const fakes = new WeakMap<Services, FakeMeta>()

export const fakeMetaOf = (services: Services): FakeMeta => {
  let fake = fakes.get(services)
  if (!fake) {
    fake = new FakeMeta()
    fakes.set(services, fake)
  }
  return fake
}

/** The server's fake Meta if anything used it yet (nothing to close or write through otherwise). */
export const startedFakeMetaOf = (services: Services): FakeMeta | undefined => fakes.get(services)
