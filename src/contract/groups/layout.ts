import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const layout = defineGroup("layout", { title: "Layout and theme", permission: null }, {
  usersLayoutCreate: { method: "POST", path: "/users/layout/create", request: Undesigned, response: Undesigned },
  usersLayoutUpdate: { method: "POST", path: "/users/layout/update", request: Undesigned, response: Undesigned },
  clientProducts: { method: "POST", path: "/client/products", request: Undesigned, response: Undesigned },
  postUsersThemes: { method: "POST", path: "/backend/users/themes", request: Undesigned, response: Undesigned },
  userLayout: { method: "GET", path: "/user/layout", request: Undesigned, response: Undesigned },
  putUsersThemes: { method: "PUT", path: "/backend/users/themes", request: Undesigned, response: Undesigned },
})
