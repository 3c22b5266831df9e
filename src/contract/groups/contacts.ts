import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const contacts = defineGroup("contacts", { title: "Contacts and contact groups", permission: "contacts" }, {
  fetchAllContacts: { method: "POST", path: "/backend/fetch/all/contacts", request: Undesigned, response: Undesigned },
  fetchBlockedContacts: { method: "POST", path: "/backend/fetch/blocked/contacts", request: Undesigned, response: Undesigned },
  updateCustomerAttributes: { method: "POST", path: "/update/customer/attributes", request: Undesigned, response: Undesigned },
  fetchCustomerProfile: { method: "POST", path: "/fetch/customer/profile", request: Undesigned, response: Undesigned },
  addCustomers: { method: "POST", path: "/add/customers", request: Undesigned, response: Undesigned },
  userByIdAttributes: { method: "PUT", path: "/backend/user/{id}/attributes", request: Undesigned, response: Undesigned },
  fetchCustomerByNumber: { method: "GET", path: "/fetch/customer/{number}", request: Undesigned, response: Undesigned },
  groupsList: { method: "POST", path: "/backend/groups/list", request: Undesigned, response: Undesigned },
  groupContactCreate: { method: "POST", path: "/backend/group/contact/create", request: Undesigned, response: Undesigned },
  groupContactById: { method: "PUT", path: "/backend/group/contact/{id}", request: Undesigned, response: Undesigned },
  groupsContactById: { method: "GET", path: "/backend/groups/contact/{id}", request: Undesigned, response: Undesigned },
})
