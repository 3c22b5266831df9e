/**
 * One agent group created (with its first members), renamed, described or deleted (page actor `agent-group-editor`),
 * on the record editor kit. Names are unique per tenant whatever their case: the server's 409 on `name` is shown on
 * the field. Members of an existing group change in the members dialog (group-members-machine.ts), one call each.
 */
import { Effect } from "effect"
import type { AgentGroup } from "../../contract/schemas/agent-groups"
import { Api } from "../../services/api/api"
import { createRecordEditor } from "../common/record-editor"

export const GROUP_NAME_MAX = 80
export const GROUP_DESCRIPTION_MAX = 300

export interface GroupDraft {
  readonly name: string
  readonly description: string
  /** Members to start a new group with (besides its creator, who owns it). */
  readonly member_ids: readonly number[]
}

export type GroupProblem = "nameRequired" | "nameTooLong" | "descriptionTooLong" | "noChange"

type Request = { readonly name?: string; readonly description?: string; readonly member_ids?: readonly number[] }

export const groupRequestOf = (
  draft: GroupDraft,
  row: AgentGroup | null,
): { readonly problem: GroupProblem } | { readonly request: Request } => {
  const name = draft.name.trim()
  const description = draft.description.trim()
  if (!name) return { problem: "nameRequired" }
  if (name.length > GROUP_NAME_MAX) return { problem: "nameTooLong" }
  if (description.length > GROUP_DESCRIPTION_MAX) return { problem: "descriptionTooLong" }
  if (!row)
    return {
      request: { name, ...(description ? { description } : {}), ...(draft.member_ids.length ? { member_ids: draft.member_ids } : {}) },
    }
  const request = {
    ...(name !== row.name ? { name } : {}),
    ...(description !== (row.description ?? "") ? { description } : {}),
  }
  return Object.keys(request).length === 0 ? { problem: "noChange" } : { request }
}

export const groupEditorMachine = createRecordEditor<AgentGroup, GroupDraft>({
  list: "report-agent-groups",
  blank: () => ({ name: "", description: "", member_ids: [] }),
  draftOf: (row) => ({ name: row.name, description: row.description ?? "", member_ids: [] }),
  problemOf: (draft, row) => {
    const out = groupRequestOf(draft, row)
    return "problem" in out ? out.problem : null
  },
  save: (draft, row) =>
    Effect.gen(function* () {
      const api = yield* Api
      const out = groupRequestOf(draft, row)
      if ("problem" in out) return yield* Effect.fail(new Error(out.problem))
      const { name, description, member_ids } = out.request
      return row
        ? yield* api.call("agentGroups", "groupsUpdateById", {
            id: row.id,
            ...(name ? { name } : {}),
            ...(description !== undefined ? { description } : {}),
          })
        : yield* api.call("agentGroups", "groupCreate", {
            name: name ?? "",
            ...(description ? { description } : {}),
            ...(member_ids ? { member_ids } : {}),
          })
    }),
  remove: (row) =>
    Effect.gen(function* () {
      const api = yield* Api
      return yield* api.call("agentGroups", "groupsRemoveByGroupId", { group_id: row.id })
    }),
})
