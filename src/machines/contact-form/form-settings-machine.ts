/**
 * Contact Information Collection (/ContactInformationCollection, page actor `contact-form-settings`): the tenant's
 * form, read by onboarding.clientAllsettings, edited (form-fields.ts), and saved by onboarding.updateAllsettings with
 * only what changed; the answer carries the form's signed public link (none while the form is off). The states are
 * the settings-form kit's (common/settings-form.ts).
 */
import { Effect } from "effect"
import { Api } from "../../services/api/api"
import { fromEffect } from "../common/from-effect"
import { type SettingsFormContext, type SettingsFormEvent, settingsFormMachine } from "../common/settings-form"
import { type FormDraft, type FormProblem, type FormSave, type FormSettings, formDraftOf, formSaveOf, formSettingsOf } from "./form-fields"

/** Why a save is refused, and for a field's problem which field. */
export interface FormSettingsProblem {
  readonly key: FormProblem
  readonly index?: number
}
export type FormSettingsContext = SettingsFormContext<FormSettings, FormDraft, FormSettingsProblem>
export type FormSettingsEvent = SettingsFormEvent<FormDraft>

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

const outcome = (draft: FormDraft, stored: FormSettings | null) => (stored ? formSaveOf(stored, draft) : { problem: "noChange" as const })

export const formSettingsMachine = settingsFormMachine<FormSettings, FormDraft, FormSettingsProblem, FormSettings, FormSave>({
  id: "contact-form-settings",
  load: fromEffect(load),
  save: fromEffect(save),
  draftOf: formDraftOf,
  problemOf: (draft, stored) => {
    const result = outcome(draft, stored)
    if (!("problem" in result)) return null
    return { key: result.problem, ...(result.index === undefined ? {} : { index: result.index }) }
  },
  saveInput: (draft, stored) => {
    const result = outcome(draft, stored)
    return "save" in result ? result.save : ({} as FormSave)
  },
})
