/**
 * A report screen whose machine is a page actor (loaded with the screen, so it stays out of the login bundle): the
 * root runs it while the screen is open (`usePageActor`), the screen (re)loads it once it runs, and its body renders
 * with the actor in hand (nothing before: the actor starts in the same tick, and importing the shared spinner here
 * would split the login bundle).
 */
import { type ComponentType, createElement, type ReactElement, useEffect } from "react"
import { usePageActor } from "../common/actor-context"
import type { AnyReportActor } from "./report-hooks"

export const pageReport = (systemId: string, Body: ComponentType<{ actor: AnyReportActor }>) => (): ReactElement | null => {
  const actor = usePageActor<AnyReportActor>(systemId)
  useEffect(() => actor?.send({ type: "REPORT.OPEN" }), [actor])
  return actor ? createElement(Body, { actor }) : null
}
