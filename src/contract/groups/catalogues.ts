import { defineGroup } from "../call"
import { Undesigned } from "../schemas/common"

export const catalogues = defineGroup("catalogues", { title: "Catalogues and products", permission: "catalogues" }, {
  catalogues: { method: "POST", path: "/catalogues", request: Undesigned, response: Undesigned },
  catalogueCreate: { method: "POST", path: "/catalogue/create", request: Undesigned, response: Undesigned },
  catalogueUpdate: { method: "POST", path: "/catalogue/update", request: Undesigned, response: Undesigned },
  catalogueDelete: { method: "POST", path: "/catalogue/delete", request: Undesigned, response: Undesigned },
  products: { method: "POST", path: "/products", request: Undesigned, response: Undesigned },
  productInsert: { method: "POST", path: "/product/insert", request: Undesigned, response: Undesigned },
  productUpdate: { method: "POST", path: "/product/update", request: Undesigned, response: Undesigned },
  productDelete: { method: "POST", path: "/product/delete", request: Undesigned, response: Undesigned },
  productSearch: { method: "POST", path: "/product/search", request: Undesigned, response: Undesigned },
})
