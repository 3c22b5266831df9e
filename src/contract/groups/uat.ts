import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const uat = defineGroup("uat", { title: "UAT customers", permission: "uat" }, {
  fetchUatCustomer: { method: "POST", path: "/fetch/uat/customer", request: Undesigned, response: Undesigned },
  addUatCustomer: { method: "POST", path: "/add/uat/customer", request: Undesigned, response: Undesigned },
  updateUatCustomer: { method: "POST", path: "/update/uat/customer", request: Undesigned, response: Undesigned },
})
