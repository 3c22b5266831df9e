/**
 * Contact Information Collection (/ContactInformationCollection, page actor `contact-form-settings`): the tenant's
 * form, read by onboarding.clientAllsettings, edited (form-fields.ts), and saved by onboarding.updateAllsettings with
 * only what changed; the answer carries the form's signed public link (none while the form is off). Made from the
 * detail loader (common/detail-machine.ts), started in `loading`.
 *
 *   loading --> ready --SAVE (no problem)--> saving --> ready (saved + 1)      (RETRY from failed)
 */
import { Effect } from "effect"
import { assign } from "xstate"
import { Api } from "../../services/api/api"
import { detailMachine } from "../common/detail-machine"
import type { Failure } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"
import { type FormDraft, type FormProblem, type FormSave, type FormSettings, formDraftOf, formSaveOf, formSettingsOf } from "./form-fields"

export interface FormSettingsContext {
  readonly stored: FormSettings | null
  readonly draft: FormDraft
  readonly failure: Failure | null
  readonly problem: { readonly key: FormProblem; readonly index?: number } | null
  readonly saved: number
}

export type FormSettingsEvent = { type: "EDIT"; patch: Partial<FormDraft> } | { type: "SAVE" }

const load = () =>
  Effect.gen(function* () {
    const api = yield* Api
    return formSettingsOf((yield* api.call("onboarding", "clientAllsettings", {})).data)
  })

const save = (body: FormSave) =>
  Effect.gen(function* () {
    const api = yield* Api
    return formSettingsOf((yield* api.call("onboarding", "updateAllsettings", body)).data)
  })

const empty = (): FormSettingsContext => ({ stored: null, draft: formDraftOf(null), failure: null, problem: null, saved: 0 })

const detail = detailMachine({
  types: { context: {} as FormSettingsContext, events: {} as FormSettingsEvent, tags: {} as "saving" },
  load: fromEffect(load),
  actors: { save: fromEffect(save) },
  loadInput: () => undefined,
  stored: (context, stored: FormSettings) => ({ ...context, stored, draft: formDraftOf(stored) }),
  closed: empty,
})

const outcome = (context: FormSettingsContext) =>
  context.stored ? formSaveOf(context.stored, context.draft) : { problem: "noChange" as const }

export const formSettingsMachine = detail.kit
  .extend({
    guards: { canSave: ({ context }) => "save" in outcome(context) },
    actions: {
      edit: assign(({ context }, patch: Partial<FormDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
      refuse: assign(({ context }) => {
        const result = outcome(context)
        return {
          problem: "problem" in result ? { key: result.problem, ...(result.index === undefined ? {} : { index: result.index }) } : null,
        }
      }),
      storeSaved: assign(({ context }, stored: FormSettings) => ({
        stored,
        draft: formDraftOf(stored),
        failure: null,
        saved: context.saved + 1,
      })),
    },
  })
  .createMachine({
    id: "contact-form-settings",
    context: empty,
    initial: "loading",
    on: detail.on,
    states: {
      ...detail.states,
      ready: {
        ...detail.states.ready,
        on: {
          EDIT: { actions: { type: "edit", params: ({ event }) => event.patch } },
          SAVE: [{ guard: "canSave", target: "saving" }, { actions: "refuse" }],
        },
      },
      saving: {
        tags: ["ready", "saving"],
        invoke: {
          id: "save",
          src: "save",
          input: ({ context }) => {
            const result = outcome(context)
            return "save" in result ? result.save : {}
          },
          onDone: { target: "ready", actions: { type: "storeSaved", params: outputOf } },
          onError: { target: "ready", actions: { type: "detail.fail", params: errorOf } },
        },
      },
    },
  })
