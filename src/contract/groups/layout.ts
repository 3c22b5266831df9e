import { defineGroup } from "../call"
import { Empty } from "../schemas/common"
import { LayoutRequest, LayoutResponse, ProductsResponse, ThemeRequest, ThemeResponse, ThemesResponse } from "../schemas/layout"

export const layout = defineGroup(
  "layout",
  { title: "Layout and theme", permission: null },
  {
    usersLayoutCreate: {
      method: "POST",
      path: "/users/layout/create",
      request: LayoutRequest,
      response: LayoutResponse,
    },
    usersLayoutUpdate: {
      method: "POST",
      path: "/users/layout/update",
      request: LayoutRequest,
      response: LayoutResponse,
    },
    clientProducts: { method: "POST", path: "/client/products", request: Empty, response: ProductsResponse },
    postUsersThemes: { method: "POST", path: "/backend/users/themes", request: Empty, response: ThemesResponse },
    userLayout: { method: "GET", path: "/user/layout", request: Empty, response: LayoutResponse },
    putUsersThemes: { method: "PUT", path: "/backend/users/themes", request: ThemeRequest, response: ThemeResponse },
  },
)
