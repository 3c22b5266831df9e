/** What the simulator page's panels share: the page's actor type and a form submit that sends one event. */
import type { FormEvent } from "react"
import type { ActorRefFrom } from "xstate"
import type { simulatorMachine } from "../../machines/simulator/simulator-machine"

export type SimActor = ActorRefFrom<typeof simulatorMachine>

export const submit = (send: () => void) => (event: FormEvent) => {
  event.preventDefault()
  send()
}
