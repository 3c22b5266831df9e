import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, IdParam, ListQuery, Paged, CustomerNumber, Text, optionalFields } from "../schemas/common"
import {
  Contact,
  ContactFilterFields,
  ContactGroup,
  ContactGroupDetail,
  ContactGroupInput,
  ContactGroupUpdate,
  ContactImportResult,
  ContactInput,
  ContactTarget,
  ContactsCsv,
  CONTACTS_CSV_MAX_BYTES,
  CustomerProfile,
} from "../schemas/contacts"

/** A page of contacts matching the filter, newest first (`totalItems` is the filter's count). */
const ContactList = Schema.Struct({ ...ListQuery, ...ContactFilterFields })
/**
 * The block list: a page of blocked contacts; with `block`, first blocks (blocked true) or unblocks (false) the
 * target in bulk, in the same call.
 */
const BlockedList = Schema.Struct({
  ...ListQuery,
  ...ContactFilterFields,
  block: Schema.optional(Schema.Struct({ target: ContactTarget, blocked: Schema.Boolean, reason: Schema.optional(Text(300)) })),
})

export const contacts = defineGroup(
  "contacts",
  { title: "Contacts and contact groups", permission: "contacts" },
  {
    fetchAllContacts: {
      method: "POST",
      path: "/backend/fetch/all/contacts",
      request: ContactList,
      response: Paged(Contact),
    },
    fetchBlockedContacts: {
      method: "POST",
      path: "/backend/fetch/blocked/contacts",
      request: BlockedList,
      response: Paged(Contact),
    },
    /** Edits a customer by number; attributes merge into the stored ones (null removes one). */
    updateCustomerAttributes: {
      method: "POST",
      path: "/update/customer/attributes",
      request: Schema.Struct({ number: CustomerNumber, ...ContactInput }),
      response: Data(Contact),
    },
    fetchCustomerProfile: {
      method: "POST",
      path: "/fetch/customer/profile",
      request: Schema.Struct({ number: CustomerNumber }),
      response: Data(CustomerProfile),
    },
    /**
     * CSV upload: the file is the raw `text/csv` body (up to 50 MiB, streamed), the options the query string; numbers
     * normalised to E.164, rows merged by number, every row accounted for; all or nothing.
     */
    addCustomers: {
      method: "POST",
      path: "/add/customers",
      request: ContactsCsv,
      response: ContactImportResult,
      upload: { contentType: "text/csv", maxBytes: CONTACTS_CSV_MAX_BYTES },
    },
    /** Edits a contact by id: name, email, attributes merged (null removes one), blocked. */
    userByIdAttributes: {
      method: "PUT",
      path: "/backend/user/{id}/attributes",
      request: Schema.Struct({ id: IdParam, ...ContactInput, blocked: Schema.optional(Schema.Boolean) }),
      response: Data(Contact),
    },
    fetchCustomerByNumber: {
      method: "GET",
      path: "/fetch/customer/{number}",
      request: Schema.Struct({ number: CustomerNumber }),
      response: Data(Contact),
    },
    groupsList: {
      method: "POST",
      path: "/backend/groups/list",
      request: Schema.Struct(ListQuery),
      response: Paged(ContactGroup),
    },
    groupContactCreate: {
      method: "POST",
      path: "/backend/group/contact/create",
      request: Schema.Struct(ContactGroupInput),
      response: Data(ContactGroup),
    },
    groupContactById: {
      method: "PUT",
      path: "/backend/group/contact/{id}",
      request: Schema.Struct({ id: IdParam, ...optionalFields(ContactGroupInput), ...ContactGroupUpdate }),
      response: Data(ContactGroup),
    },
    groupsContactById: {
      method: "GET",
      path: "/backend/groups/contact/{id}",
      request: Schema.Struct({ id: IdParam }),
      response: Data(ContactGroupDetail),
    },
  },
)
