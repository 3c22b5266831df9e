/**
 * The view half of the settings-form kit (src/machines/common/settings-form.ts) and of the forms shaped like it: one
 * stored thing edited as a draft and saved whole. Every such view reads the same context (`draft`, `problem`,
 * `failure`, `saved`) and tags (`loading`, `failed`, `saving`), shows a spinner while loading, a retry callout when
 * the read failed, and a toast each time `saved` grows. `useSettingsFormView` does those once; the view draws its
 * fields when `gate` is null, and `gate` in their place otherwise.
 */
import { type ReactNode, useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Spinner } from "@blueprintjs/core"
import type { ActorRef, Snapshot } from "xstate"
import type { Failure } from "../../machines/common/failure"
import { useFailureText } from "./failure-text"
import { toast } from "./toast"

type FormSnapshot<TDraft, TProblem> = Snapshot<unknown> & {
  readonly context: { readonly draft: TDraft; readonly problem: TProblem | null; readonly failure: Failure | null; readonly saved: number }
  hasTag(tag: string): boolean
}

/** Any actor with the settings form's context and tags that takes RETRY. */
export type SettingsFormActor<TDraft, TProblem> = ActorRef<FormSnapshot<TDraft, TProblem>, { type: "RETRY" }>

/** The translation keys of a form's messages, and the test id of its "saved" toast. */
export interface SettingsFormTexts {
  /** The toast after a save. */
  readonly saved: string
  /** The callout when the read failed; `{{message}}` is the failure. */
  readonly loadFailed: string
  readonly retry: string
  readonly toastId: string
  /** The test id of the load-failed callout. */
  readonly failedId?: string
}

export const useSettingsFormView = <TDraft, TProblem>(actor: SettingsFormActor<TDraft, TProblem>, texts: SettingsFormTexts) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft = useSelector(actor, (s) => s.context.draft)
  const problem = useSelector(actor, (s) => s.context.problem)
  const failure = useSelector(actor, (s) => s.context.failure)
  const saved = useSelector(actor, (s) => s.context.saved)
  const loading = useSelector(actor, (s) => s.hasTag("loading"))
  const failed = useSelector(actor, (s) => s.hasTag("failed"))
  const saving = useSelector(actor, (s) => s.hasTag("saving"))
  const seen = useRef(saved)
  useEffect(() => {
    if (saved > seen.current) void toast(t(texts.saved), "success", texts.toastId)
    seen.current = saved
  }, [saved, t, texts.saved, texts.toastId])
  let gate: ReactNode = null
  if (loading) gate = <Spinner size={24} />
  else if (failed)
    gate = (
      <Callout intent="danger" data-testid={texts.failedId}>
        {t(texts.loadFailed, { message: failure ? failureText(failure) : "" })}{" "}
        <Button size="small" text={t(texts.retry)} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  return { draft, problem, failure, saving, gate }
}
