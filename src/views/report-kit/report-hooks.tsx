/** How report screens reach their actor (spawned by the root with a `report-<name>` systemId) and show notices. */
import { useEffect, useMemo } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import type { AnyReportRef } from "../../machines/report-kit/report-machine"
import type { RootEvent } from "../../machines/root/root-machine"
import { type ReportId, systemActor } from "../../machines/system-ids"
import { useAclActor, useRootActor } from "../common/actor-context"
import { saveFile } from "../common/save-file"
import { TOAST_MS, toast } from "../common/toast"

/** Any screen's report actor; each screen narrows it to its own machine's type. */
export type AnyReportActor = AnyReportRef

/**
 * The screen's report actor; opening the screen (re)loads it with the filters it kept. The first screen to show a
 * report asks the root to start it (`report.open`, idempotent): the root handles the event at once, so the actor is
 * there for the first render. The screen's chunk brought its logic (src/app/screens.ts), so it always starts. A
 * mounted screen keeps the actor it started with: when the login ends the root stops it and the screen unmounts; it
 * must not start a new one in between (logged out, its first load would be refused). A report of one business
 * (`forBusiness`, its calls take `client_id`) is read by a super admin for the business they pick first (the machine's
 * `picks`); the actor keeps the pick across visits, as it keeps the filters.
 */
export const useReportActor = <A extends AnyReportActor>(systemId: ReportId, { forBusiness = false } = {}): A => {
  const root = useRootActor()
  const actor = useMemo(() => {
    if (!systemActor(root.system, systemId)) root.send({ type: "report.open", id: systemId } satisfies RootEvent)
    const started = systemActor(root.system, systemId) as A | undefined
    if (!started) throw new Error(`report ${systemId} could not start: its logic has not loaded`)
    return started
  }, [root, systemId])
  const picks = useSelector(useAclActor(), selectSuperAdmin) && forBusiness
  useEffect(() => actor.send({ type: "REPORT.OPEN", picks }), [actor, picks])
  return actor
}

/** Copies a value and says 'Copied To Clipboard'. */
export const useCopy = () => {
  const { t } = useTranslation()
  return async (value: string) => {
    try {
      await navigator.clipboard.writeText(value)
    } catch {
      // Clipboard refused (no permission): the value is still selectable on screen; the notice still shows.
    }
    void toast(t("reportKit.common.copied"), "success", "copied-toast", TOAST_MS.copied)
  }
}

/**
 * Saves the file the machine holds (a Blob through a temporary link: DOM work the machine cannot do), shows its
 * notice and turns its `alert` into the browser's alert, in the user's language.
 */
export const useExportEffects = (actor: AnyReportActor) => {
  const { t } = useTranslation()
  const download = useSelector(actor, (s) => s.context.download)
  const notice = useSelector(actor, (s) => s.context.notice)
  useEffect(() => {
    if (!download) return
    saveFile(download)
    actor.send({ type: "EXPORT.SAVED" })
  }, [download, actor])
  useEffect(() => {
    if (!notice) return
    void toast(t(`reportKit.common.${notice.kind}`), "warning", `notice-${notice.kind}`)
    actor.send({ type: "NOTICE.DISMISS" })
  }, [notice, actor, t])
  useEffect(() => {
    const subscription = actor.on("alert", (event) => window.alert(t(`reportKit.common.${event.key}`)))
    return () => subscription.unsubscribe()
  }, [actor, t])
}
