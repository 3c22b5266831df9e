import { Schema } from "effect"
import { defineGroup } from "../call"
import { Attributes, Channel, Data, Id, IdParam, ImportResult, ListQuery, Paged, CustomerNumber, optionalFields } from "../schemas/common"
import {
  Contact,
  ContactGroup,
  ContactGroupDetail,
  ContactGroupInput,
  ContactInput,
  ContactsCsv,
  CustomerProfile,
} from "../schemas/contacts"

const ContactList = Schema.Struct({
  ...ListQuery,
  channel_type: Schema.optional(Channel),
  group_id: Schema.optional(Id),
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
      request: ContactList,
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
    /** CSV upload: rows are matched by number, new ones inserted. */
    addCustomers: { method: "POST", path: "/add/customers", request: ContactsCsv, response: ImportResult },
    userByIdAttributes: {
      method: "PUT",
      path: "/backend/user/{id}/attributes",
      request: Schema.Struct({ id: IdParam, attributes: Attributes }),
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
      request: Schema.Struct({ id: IdParam, ...optionalFields(ContactGroupInput) }),
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
