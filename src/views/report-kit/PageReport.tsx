/**
 * A report screen whose machine is a page actor (loaded with the screen, so it stays out of the login bundle): the
 * root runs it while the screen is open (`usePageActor`), the screen (re)loads it once it runs, and its body renders
 * with the actor in hand (nothing before: the actor starts in the same tick, and importing the shared spinner here
 * would split the login bundle).
 */
import { useSelector } from "@xstate/react"
import { type ComponentType, createElement, type ReactElement, useEffect } from "react"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import { useAclActor, usePageActor } from "../common/actor-context"
import type { AnyReportActor } from "./report-hooks"

export interface PageReportOptions {
  /** The report reads the business a super admin picks (its calls take `client_id`); everyone else reads their own. */
  readonly forBusiness?: boolean
}

export const pageReport =
  (systemId: string, Body: ComponentType<{ actor: AnyReportActor }>, { forBusiness = false }: PageReportOptions = {}) =>
  (): ReactElement | null => {
    const actor = usePageActor<AnyReportActor>(systemId)
    const picks = useSelector(useAclActor(), selectSuperAdmin) && forBusiness
    useEffect(() => actor?.send({ type: "REPORT.OPEN", picks }), [actor, picks])
    return actor ? createElement(Body, { actor }) : null
  }

/** A report of one business: a super admin picks it before anything is read (report-machine.ts `picks`). */
export const businessReport = (systemId: string, Body: ComponentType<{ actor: AnyReportActor }>) =>
  pageReport(systemId, Body, { forBusiness: true })
