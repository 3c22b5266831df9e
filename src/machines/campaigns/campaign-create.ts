/**
 * The new-campaign dialog (page actor `campaign-create`): pick an approved template, a recipient list or typed numbers,
 * map each `{{n}}` to a contact attribute or fixed text, set the send rate (messages per second, empty for no limit)
 * and an optional start time, then create it launched. Approved templates and recipient lists are read when it opens.
 *
 * The form takes typing from the moment it opens, while its choices still load (loading keeps EDIT and PARAM too).
 *
 *   closed --OPEN--> loading --done--> editing --SUBMIT (complete)--> saving --done--> closed (list reloaded)
 *                                       ^--error / incomplete (problem kept)--'           CLOSE from any state
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { Template } from "../../contract/schemas/templates"
import type { ParamSource, RecipientList } from "../../contract/schemas/campaigns"
import { Api } from "../../services/api/api"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { readNumbers } from "../templates/numbers-tool"
import { reloadReport } from "../common/reload-report"

export interface ParamChoice {
  readonly mode: "attribute" | "text"
  readonly value: string
}

export interface CampaignForm {
  readonly name: string
  readonly template: string
  readonly source: "list" | "numbers"
  readonly listId: string
  readonly numbers: string
  readonly params: readonly ParamChoice[]
  readonly rate: string
  readonly scheduledAt: string
}

export type FormProblem = "name" | "template" | "recipients" | "params" | "rate"

export interface CreateContext {
  readonly templates: readonly Template[]
  readonly lists: readonly RecipientList[]
  readonly form: CampaignForm
  readonly problem: FormProblem | null
  readonly failure: Failure | null
}

export type CreateEvent =
  | { type: "OPEN" }
  | { type: "CLOSE" }
  | { type: "EDIT"; patch: Partial<Omit<CampaignForm, "params">> }
  | { type: "PARAM"; index: number; choice: ParamChoice }
  | { type: "SUBMIT" }

const emptyForm = (): CampaignForm => ({
  name: "",
  template: "",
  source: "list",
  listId: "",
  numbers: "",
  params: [],
  rate: "80",
  scheduledAt: "",
})

export const templateKey = (t: Pick<Template, "name" | "language">) => `${t.name}|${t.language}`
export const chosenTemplate = (c: Pick<CreateContext, "templates" | "form">) => c.templates.find((t) => templateKey(t) === c.form.template)

/** What is missing or wrong, first found; null when the form can be sent. */
export const problemOf = (c: Pick<CreateContext, "templates" | "form">): FormProblem | null => {
  const f = c.form
  if (f.name.trim() === "") return "name"
  const t = chosenTemplate(c)
  if (!t) return "template"
  if (f.source === "list" ? f.listId === "" : readNumbers(f.numbers).numbers.length === 0 || readNumbers(f.numbers).unreadable.length > 0)
    return "recipients"
  if (Array.from({ length: t.params_count }, (_, i) => f.params[i]).some((p) => !p || p.value.trim() === "")) return "params"
  if (f.rate !== "" && !(/^[0-9]+$/.test(f.rate) && Number(f.rate) >= 1 && Number(f.rate) <= 1000)) return "rate"
  return null
}

export const requestOf = (c: Pick<CreateContext, "templates" | "form">) => {
  const f = c.form
  const t = chosenTemplate(c)!
  const sources: ParamSource[] = Array.from({ length: t.params_count }, (_, i) =>
    f.params[i].mode === "attribute" ? { attribute: f.params[i].value.trim() } : { text: f.params[i].value },
  )
  return {
    name: f.name.trim(),
    template_name: t.name,
    language: t.language,
    ...(f.source === "list" ? { recipient_list_id: Number(f.listId) } : { numbers: readNumbers(f.numbers).numbers }),
    param_sources: sources,
    rate_per_second: f.rate === "" ? null : Number(f.rate),
    ...(f.scheduledAt ? { scheduled_at: f.scheduledAt.replace("T", " ") } : {}),
    start: true,
  }
}

export const campaignCreateMachine = setup({
  types: { context: {} as CreateContext, events: {} as CreateEvent },
  actors: {
    load: fromEffect<{ templates: readonly Template[]; lists: readonly RecipientList[] }, void>(() =>
      Effect.gen(function* () {
        const api = yield* Api
        const templates = yield* api.call("templates", "templateMessageFetch", { status: "APPROVED", limit: 1000 })
        const lists = yield* api.call("templates", "templateRecipients", { limit: 1000 })
        return { templates: templates.data.items, lists: lists.data.items }
      }),
    ),
    save: fromEffect<unknown, ReturnType<typeof requestOf>>((body) =>
      Effect.flatMap(Api, (api) => api.call("campaigns", "campaignCreate", body)),
    ),
  },
  guards: { complete: ({ context }) => problemOf(context) === null },
  actions: {
    edit: assign(({ context, event }) => {
      assertEvent(event, "EDIT")
      return { form: { ...context.form, ...event.patch }, problem: null }
    }),
    param: assign(({ context, event }) => {
      assertEvent(event, "PARAM")
      const params = [...context.form.params]
      while (params.length <= event.index) params.push({ mode: "text", value: "" })
      params[event.index] = event.choice
      return { form: { ...context.form, params }, problem: null }
    }),
    reloadList: reloadReport("report-campaigns"),
  },
}).createMachine({
  id: "campaign-create",
  context: { templates: [], lists: [], form: emptyForm(), problem: null, failure: null },
  initial: "closed",
  on: { CLOSE: { target: ".closed" } },
  states: {
    closed: {
      on: { OPEN: { target: "loading", actions: assign({ form: emptyForm, problem: null, failure: null }) } },
    },
    loading: {
      // Typing while the choices load is kept: the form is open and editable from the first paint.
      // SUBMIT names what is missing (the template cannot be picked before the templates arrive) instead of being dropped.
      on: {
        EDIT: { actions: "edit" },
        PARAM: { actions: "param" },
        SUBMIT: { actions: assign({ problem: ({ context }) => problemOf(context) }) },
      },
      invoke: {
        id: "load",
        src: "load",
        onDone: {
          target: "editing",
          actions: assign({ templates: ({ event }) => event.output.templates, lists: ({ event }) => event.output.lists }),
        },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    editing: {
      on: {
        EDIT: { actions: "edit" },
        PARAM: { actions: "param" },
        SUBMIT: [{ guard: "complete", target: "saving" }, { actions: assign({ problem: ({ context }) => problemOf(context) }) }],
      },
    },
    saving: {
      invoke: {
        id: "save",
        src: "save",
        input: ({ context }) => requestOf(context),
        onDone: { target: "closed", actions: "reloadList" },
        onError: { target: "editing", actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
  },
})
