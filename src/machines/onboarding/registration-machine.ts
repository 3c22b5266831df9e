/**
 * A business registers itself (page actor `business-registration`, the public /register page): it reads the
 * countries, uploads its documents one at a time (PDF, PNG or JPEG up to 10 MiB; read by the file service, sent by
 * onboarding.registrationUpload, the later ones with the `upload_token` the first answered), and registers
 * (onboarding.register) naming them and presenting that token. What the form lacks is said
 * before any call; what the server refuses is kept with the field it named.
 *
 *   loading --> editing --PICK--> uploading --> editing (document added)        (RETRY from failed)
 *                  \--SUBMIT (no problem)--> submitting --done--> registered; --error--> editing (failure kept)
 */
import { Effect } from "effect"
import { assertEvent, assign, setup } from "xstate"
import type { Country } from "../../contract/schemas/locations"
import type { Client, RegistrationDocument } from "../../contract/schemas/tenants"
import { Api } from "../../services/api/api"
import { ChatFiles, type PickedFile } from "../../services/chat/chat-files"
import { type Failure, failureOf } from "../common/failure"
import { fromEffect } from "../common/from-effect"
import { errorOf, outputOf } from "../common/settled"

export const DOCUMENT_TYPES: ReadonlySet<string> = new Set(["application/pdf", "image/png", "image/jpeg"])
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
export const MAX_DOCUMENTS = 5

export interface RegistrationDraft {
  readonly business_name: string
  readonly email: string
  readonly phone: string
  /** As picked ("" when none). */
  readonly country_id: string
  readonly admin_username: string
  readonly password: string
}

export interface UploadedDocument {
  readonly id: number
  readonly name: string
  readonly document_type: RegistrationDocument
  /** The applicant's upload token the server answered (the same for every document of one applicant). */
  readonly upload_token: string
}

/** The token the applicant's uploads share, once one document is uploaded. */
const tokenOf = (documents: readonly UploadedDocument[]): string | undefined => documents[0]?.upload_token

export type RegistrationProblem =
  | "nameRequired"
  | "emailInvalid"
  | "phoneInvalid"
  | "countryRequired"
  | "usernameInvalid"
  | "passwordShort"
  | "documentRequired"
  | "documentType"
  | "documentSize"
  | "tooManyDocuments"

export interface RegistrationContext {
  readonly countries: readonly Country[]
  readonly draft: RegistrationDraft
  readonly documents: readonly UploadedDocument[]
  readonly problem: RegistrationProblem | null
  readonly failure: Failure | null
  readonly registered: Client | null
}

export type RegistrationEvent =
  | { type: "EDIT"; patch: Partial<RegistrationDraft> }
  | { type: "PICK"; file: PickedFile; documentType: RegistrationDocument }
  | { type: "REMOVE"; id: number }
  | { type: "SUBMIT" }
  | { type: "RETRY" }

const blank: RegistrationDraft = { business_name: "", email: "", phone: "", country_id: "", admin_username: "", password: "" }

/** The first thing the form lacks, or null when it can be sent. */
export const registrationProblem = (draft: RegistrationDraft, documents: readonly UploadedDocument[]): RegistrationProblem | null => {
  if (draft.business_name.trim() === "") return "nameRequired"
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(draft.email.trim())) return "emailInvalid"
  if (!/^\+?[0-9]{5,16}$/.test(draft.phone.replace(/[\s()-]/g, ""))) return "phoneInvalid"
  if (draft.country_id === "") return "countryRequired"
  if (!/^[a-z0-9._-]{3,40}$/.test(draft.admin_username)) return "usernameInvalid"
  if (draft.password.length < 8) return "passwordShort"
  if (documents.length === 0) return "documentRequired"
  return null
}

/** Why a picked file cannot be uploaded, or null. */
export const fileProblem = (file: { type: string; size: number }, count: number): RegistrationProblem | null => {
  if (count >= MAX_DOCUMENTS) return "tooManyDocuments"
  if (!DOCUMENT_TYPES.has(file.type)) return "documentType"
  if (file.size > DOCUMENT_MAX_BYTES) return "documentSize"
  return null
}

const loadCountries = () =>
  Effect.gen(function* () {
    return (yield* (yield* Api).call("onboarding", "fetchCountries", {})).data
  })

const upload = ({ file, documentType, uploadToken }: { file: PickedFile; documentType: RegistrationDocument; uploadToken?: string }) =>
  Effect.gen(function* () {
    const content = yield* (yield* ChatFiles).read(file)
    const body = yield* (yield* Api).call("onboarding", "registrationUpload", {
      file_name: content.name,
      mime_type: content.mime,
      data_base64: content.base64,
      document_type: documentType,
      ...(uploadToken ? { upload_token: uploadToken } : {}),
    })
    const { id, name, upload_token } = body.data
    return { id, name, document_type: documentType, upload_token } satisfies UploadedDocument
  })

const register = ({ draft, documents }: { draft: RegistrationDraft; documents: readonly UploadedDocument[] }) =>
  Effect.gen(function* () {
    const body = yield* (yield* Api).call("onboarding", "register", {
      business_name: draft.business_name.trim(),
      email: draft.email.trim(),
      phone: draft.phone.replace(/[\s()-]/g, ""),
      country_id: Number(draft.country_id),
      admin_username: draft.admin_username,
      password: draft.password,
      document_ids: documents.map((d) => d.id),
      upload_token: tokenOf(documents),
    })
    return body.data
  })

export const registrationMachine = setup({
  types: { context: {} as RegistrationContext, events: {} as RegistrationEvent },
  actors: { loadCountries: fromEffect(loadCountries), upload: fromEffect(upload), register: fromEffect(register) },
  guards: {
    canSubmit: ({ context }) => registrationProblem(context.draft, context.documents) === null,
    fileFits: ({ context, event }) => {
      assertEvent(event, "PICK")
      return fileProblem(event.file, context.documents.length) === null
    },
  },
  actions: {
    edit: assign(({ context }, patch: Partial<RegistrationDraft>) => ({ draft: { ...context.draft, ...patch }, problem: null })),
    refuse: assign(({ context }) => ({ problem: registrationProblem(context.draft, context.documents) })),
    refuseFile: assign(({ context, event }) => {
      assertEvent(event, "PICK")
      return { problem: fileProblem(event.file, context.documents.length) }
    }),
    remove: assign(({ context }, id: number) => ({ documents: context.documents.filter((d) => d.id !== id), problem: null })),
    storeCountries: assign((_, countries: readonly Country[]) => ({ countries, failure: null })),
    addDocument: assign(({ context }, document: UploadedDocument) => ({ documents: [...context.documents, document], failure: null })),
    fail: assign((_, error: unknown) => ({ failure: failureOf(error) })),
    done: assign((_, registered: Client) => ({ registered, failure: null })),
  },
}).createMachine({
  id: "business-registration",
  context: { countries: [], draft: blank, documents: [], problem: null, failure: null, registered: null },
  initial: "loading",
  states: {
    loading: {
      tags: "loading",
      invoke: {
        id: "loadCountries",
        src: "loadCountries",
        onDone: { target: "editing", actions: { type: "storeCountries", params: outputOf<readonly Country[]> } },
        onError: { target: "failed", actions: { type: "fail", params: errorOf } },
      },
    },
    failed: { tags: "failed", on: { RETRY: "loading" } },
    editing: {
      tags: "editing",
      on: {
        EDIT: { actions: { type: "edit", params: ({ event }) => event.patch } },
        PICK: [{ guard: "fileFits", target: "uploading" }, { actions: "refuseFile" }],
        REMOVE: { actions: { type: "remove", params: ({ event }) => event.id } },
        SUBMIT: [{ guard: "canSubmit", target: "submitting" }, { actions: "refuse" }],
      },
    },
    uploading: {
      tags: ["editing", "uploading"],
      invoke: {
        id: "upload",
        src: "upload",
        input: ({ context, event }) => {
          assertEvent(event, "PICK")
          return { file: event.file, documentType: event.documentType, uploadToken: tokenOf(context.documents) }
        },
        onDone: { target: "editing", actions: { type: "addDocument", params: outputOf<UploadedDocument> } },
        onError: { target: "editing", actions: { type: "fail", params: errorOf } },
      },
    },
    submitting: {
      tags: ["editing", "submitting"],
      invoke: {
        id: "register",
        src: "register",
        input: ({ context }) => ({ draft: context.draft, documents: context.documents }),
        onDone: { target: "registered", actions: { type: "done", params: outputOf<Client> } },
        onError: { target: "editing", actions: { type: "fail", params: errorOf } },
      },
    },
    registered: { tags: "registered", type: "final" },
  },
})

export type RegistrationActor = import("xstate").ActorRefFrom<typeof registrationMachine>
