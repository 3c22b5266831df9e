/**
 * A link to the contact book already filtered (a group's members, a flag's customers): `/apps/contacts/all?group=5`.
 * The list applies it on arrival (useLinkedFilter) and drops it from the address, so the link works from any screen,
 * whether or not the contact list ran in this login, and the list keeps the filter like one the user chose. A contact
 * handed along with the navigation (the quick jump's) has its page opened on arrival (useLinkedContact).
 */
import { useEffect } from "react"
import { useLocation, useNavigate } from "react-router-dom"
import type { Contact } from "../../contract/schemas/contacts"
import type { ContactListFilters } from "../../machines/contacts/contacts-report"
import type { AnyReportActor } from "../report-kit/report-hooks"
import type { ContactEvent } from "../../machines/contacts/contact-machine"

type Linkable = Pick<ContactListFilters, "group" | "flag" | "tag" | "segment">
const LINKABLE: readonly (keyof Linkable)[] = ["group", "flag", "tag", "segment"]

export const contactsLink = (filter: Partial<Record<keyof Linkable, number>>): string =>
  `/apps/contacts/all?${new URLSearchParams(Object.entries(filter).map(([key, id]) => [key, String(id)]))}`

/** Applies a link's filter to the list's actor once, then leaves the plain address. */
export const useLinkedFilter = (actor: AnyReportActor) => {
  const { pathname, search } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const params = new URLSearchParams(search)
    const patch = Object.fromEntries(LINKABLE.flatMap((key) => (/^\d+$/.test(params.get(key) ?? "") ? [[key, params.get(key)]] : [])))
    if (Object.keys(patch).length === 0) return
    actor.send({ type: "FILTER.CLEAR" })
    actor.send({ type: "FILTER.CHANGE", patch })
    actor.send({ type: "FILTER.APPLY" })
    navigate(pathname, { replace: true })
  }, [actor, search, pathname, navigate])
}

/** Opens the contact handed along with the navigation (`state.contact`) on the contact page's actor, once. */
export const useLinkedContact = (page: { send: (event: ContactEvent) => void } | null) => {
  const { pathname, state } = useLocation()
  const navigate = useNavigate()
  useEffect(() => {
    const contact = (state as { contact?: Contact } | null)?.contact
    if (!page || !contact) return
    page.send({ type: "OPEN", contact })
    navigate(pathname, { replace: true, state: null })
  }, [page, state, pathname, navigate])
}
