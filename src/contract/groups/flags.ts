import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const flags = defineGroup("flags", { title: "Flags", permission: "flags" }, {
  flagFetch: { method: "POST", path: "/backend/flag/fetch", request: Undesigned, response: Undesigned },
  flagCreate: { method: "POST", path: "/backend/flag/create", request: Undesigned, response: Undesigned },
  flagClient: { method: "POST", path: "/backend/flag/client", request: Undesigned, response: Undesigned },
  flagAssign: { method: "POST", path: "/backend/flag/assign", request: Undesigned, response: Undesigned },
  flagUnassign: { method: "POST", path: "/backend/flag/unassign", request: Undesigned, response: Undesigned },
  flagCustomers: { method: "POST", path: "/backend/flag/customers", request: Undesigned, response: Undesigned },
  flagUpdateById: { method: "PUT", path: "/backend/flag/update/{id}", request: Undesigned, response: Undesigned },
})
