/**
 * /apps/contacts/all (`report-contacts`) and /apps/blocklist (`report-blocklist`): contacts searched and filtered,
 * paged, selected across pages or "all matching" for a bulk action (bulk page actor), and on the contact book the
 * CSV import wizard (`contacts-import` page actor).
 */
import { useCallback, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Checkbox, HTMLSelect, InputGroup, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Contact } from "../../contract/schemas/contacts"
import type { importMachine } from "../../machines/contacts/import-machine"
import type { BulkKind } from "../../machines/contacts/bulk-steps"
import { type ChoiceKind, type ContactListFilters, type contactsMachine, contactFilterOf } from "../../machines/contacts/contacts-report"
import { formatDateTime } from "../../machines/report-kit/format"
import { mayCall } from "../../machines/acl/may-call"
import { bulkCalls, importCall, pickerCalls } from "../../machines/contacts/contact-calls"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useMayCall } from "../common/use-may-call"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { BulkBar, BulkDialog, type BulkRef } from "./BulkActions"
import { ContactDrawer, type ContactPageRef } from "./ContactDrawer"
import { useLinkedContact, useLinkedFilter } from "./contacts-link"
import { ImportDialog } from "./ImportDialog"
import "../report-kit/report-kit.css"
import "./contacts.css"

type ContactsActor = ActorRefFrom<typeof contactsMachine>
type Mode = "contacts" | "blocklist"

const PICKERS: readonly { key: keyof ContactListFilters; kind: ChoiceKind }[] = [
  { key: "group", kind: "groups" },
  { key: "flag", kind: "flags" },
  { key: "tag", kind: "tags" },
  { key: "segment", kind: "segments" },
  { key: "label", kind: "labels" },
]

const KINDS: Record<Mode, readonly BulkKind[]> = {
  contacts: ["group", "flag", "unflag", "tag", "block", "unblock", "export"],
  blocklist: ["unblock", "export"],
}

const attributesText = (contact: Contact) =>
  Object.entries(contact.attributes ?? {})
    .map(([key, value]) => `${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(", ")

/** The pickers whose lists this person may read: the others are not drawn (their lists are not asked for either). */
const usePickers = () => {
  const backAcl = useSelector(useAclActor(), (s) => s.context.backAcl)
  return PICKERS.filter(({ kind }) => mayCall(backAcl, pickerCalls[kind]))
}

/** The bulk actions of a list this person may make. */
const useBulkKinds = (mode: Mode) => {
  const backAcl = useSelector(useAclActor(), (s) => s.context.backAcl)
  return KINDS[mode].filter((kind) => mayCall(backAcl, bulkCalls[kind]))
}

const Filters = ({ actor, mode }: { actor: ContactsActor; mode: Mode }) => {
  const { t } = useTranslation()
  const pickers = usePickers()
  const draft = useSelector(actor, (s) => s.context.draft)
  const choices = useSelector(actor, (s) => s.context.meta)
  const change = (patch: Partial<ContactListFilters>) => actor.send({ type: "FILTER.CHANGE", patch })
  return (
    <ReportFilters actor={actor} testId={`${mode}-filters`}>
      <ReportSearch
        actor={actor}
        label={t("contacts.list.searchLabel")}
        placeholder={t("contacts.list.searchPlaceholder")}
        testId={`${mode}-search`}
      />
      {pickers.map(({ key, kind }) => (
        <label key={key} className="mc-report-field">
          <span>{t(`contacts.list.${key}`)}</span>
          <HTMLSelect
            value={draft[key]}
            data-testid={`${mode}-filter-${key}`}
            onChange={(e) => change({ [key]: e.currentTarget.value })}
            options={[
              { value: "", label: t("contacts.list.any") },
              ...(choices?.[kind] ?? []).map((c) => ({ value: String(c.id), label: c.name })),
            ]}
          />
        </label>
      ))}
      {mode === "contacts" ? (
        <label className="mc-report-field">
          <span>{t("contacts.list.blocked")}</span>
          <HTMLSelect
            value={draft.blocked}
            data-testid="contacts-filter-blocked"
            onChange={(e) => change({ blocked: e.currentTarget.value as ContactListFilters["blocked"] })}
            options={[
              { value: "", label: t("contacts.list.any") },
              { value: "yes", label: t("contacts.list.yes") },
              { value: "no", label: t("contacts.list.no") },
            ]}
          />
        </label>
      ) : null}
      <label className="mc-report-field">
        <span>{t("contacts.list.attribute")}</span>
        <div className="mc-media-row">
          <InputGroup
            value={draft.attrKey}
            placeholder={t("contacts.list.attributeKey")}
            aria-label={t("contacts.list.attributeKey")}
            onValueChange={(attrKey) => change({ attrKey })}
          />
          <InputGroup
            value={draft.attrValue}
            placeholder={t("contacts.list.attributeValue")}
            aria-label={t("contacts.list.attributeValue")}
            onValueChange={(attrValue) => change({ attrValue })}
          />
        </div>
      </label>
    </ReportFilters>
  )
}

const Rows = ({ actor, bulk, page }: { actor: ContactsActor; bulk: BulkRef | null; page: ContactPageRef | null }) => {
  const { t } = useTranslation()
  const rows = useSelector(actor, (s) => s.context.rows)
  const flags = useSelector(actor, (s) => s.context.meta?.flags ?? [])
  const selected = useSelector(bulk ?? undefined, (s) => s?.context.selected ?? {})
  const all = useSelector(bulk ?? undefined, (s) => s?.context.allMatching !== null && s?.context.allMatching !== undefined)
  return (
    <>
      {rows.map((row) => (
        <tr key={row.id} data-testid="contact-row">
          <td>
            <Checkbox
              checked={all || selected[row.number] !== undefined}
              disabled={!bulk}
              aria-label={t("contacts.list.selectRow", { number: row.number })}
              onChange={() => bulk?.send({ type: "SELECT.TOGGLE", contact: row })}
            />
          </td>
          <td>
            <Button
              variant="minimal"
              size="small"
              icon="person"
              text={row.name ?? row.number}
              disabled={!page}
              data-testid="contact-open"
              onClick={() => page?.send({ type: "OPEN", contact: row })}
            />
          </td>
          <td className="mc-num" dir="ltr">
            {row.number}
          </td>
          <td>{row.email ?? ""}</td>
          <td>{t(`contacts.channels.${row.channel_type}`)}</td>
          <td>
            {(row.flag_ids ?? []).map((id) => {
              const flag = flags.find((f) => f.id === id)
              return flag ? (
                <Tag key={id} minimal style={{ borderInlineStart: `4px solid ${flag.color ?? "#888"}` }} data-testid="contact-flag">
                  {flag.name}
                </Tag>
              ) : null
            })}
            {row.blocked ? (
              <Tag intent="danger" minimal>
                {t("contacts.list.isBlocked")}
              </Tag>
            ) : null}
          </td>
          <td className="mc-clip" title={attributesText(row)}>
            {attributesText(row)}
          </td>
          <td className="mc-num">{formatDateTime(row.created_at)}</td>
        </tr>
      ))}
    </>
  )
}

/** The import button and its wizard, whose actor runs while the contact book is open. */
const ImportAction = ({ onClosed }: { onClosed: () => void }) => {
  const { t } = useTranslation()
  const importer = usePageActor<ActorRefFrom<typeof importMachine>>("contacts-import")
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        icon="import"
        intent="primary"
        text={t("contacts.list.import")}
        disabled={!importer}
        data-testid="contacts-import"
        onClick={() => setOpen(true)}
      />
      {importer ? (
        <ImportDialog
          actor={importer}
          isOpen={open}
          onClose={() => {
            setOpen(false)
            onClosed()
          }}
        />
      ) : null}
    </>
  )
}

const ContactList = ({ mode }: { mode: Mode }) => {
  const { t } = useTranslation()
  const actor = useReportActor<ContactsActor>(`report-${mode}`)
  useLinkedFilter(actor)
  const bulk = usePageActor<BulkRef>(`${mode}-bulk`)
  const kinds = useBulkKinds(mode)
  const mayImport = useMayCall(importCall)
  const contactPage = usePageActor<ContactPageRef>("contact-page")
  useLinkedContact(mode === "contacts" ? contactPage : null)
  const context = useSelector(actor, (s) => s.context)
  const reload = useCallback(() => actor.send({ type: "REPORT.RELOAD" }), [actor])
  const filter = contactFilterOf(context.filters, context.search)
  const pageSelected = useSelector(
    bulk ?? undefined,
    (s) => context.rows.length > 0 && context.rows.every((row) => s?.context.selected[row.number] !== undefined),
  )
  const columns = ["", "name", "number", "email", "channel", "status", "attributes", "added"].map((k) => (k ? t(`contacts.list.${k}`) : ""))
  return (
    <div className="mc-page mc-report" data-testid={`${mode}-page`}>
      <PageHeader
        title={t(`routes.${mode}`)}
        subtitle={t(mode === "blocklist" ? "contacts.list.blocklistSubtitle" : "contacts.list.subtitle")}
        actions={mode === "contacts" && mayImport ? <ImportAction onClosed={reload} /> : undefined}
      />
      <Filters actor={actor} mode={mode} />
      <ReportFailure actor={actor} />
      {bulk ? (
        <>
          <BulkBar actor={bulk} kinds={kinds} filter={filter} total={context.total} pageCount={context.rows.length} />
          <BulkDialog actor={bulk} choices={context.meta} onChanged={reload} />
        </>
      ) : null}
      <div className="mc-contacts-pagecheck">
        <Checkbox
          checked={pageSelected}
          disabled={!bulk || context.rows.length === 0}
          label={t("contacts.list.selectPage")}
          data-testid="select-page"
          onChange={() => bulk?.send({ type: "SELECT.PAGE", contacts: context.rows, on: !pageSelected })}
        />
      </div>
      <ReportTable actor={actor} testId={`${mode}-table`} columns={columns} emptyText={t("contacts.list.noRows")}>
        <Rows actor={actor} bulk={bulk} page={contactPage} />
      </ReportTable>
      {contactPage ? <ContactDrawer actor={contactPage} choices={context.meta ?? null} onSaved={reload} /> : null}
    </div>
  )
}

export const ContactsView = () => <ContactList mode="contacts" />
export const BlocklistView = () => <ContactList mode="blocklist" />
