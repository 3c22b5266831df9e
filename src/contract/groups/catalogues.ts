import { Schema } from "effect"
import { defineGroup } from "../call"
import { Data, Id, IdBody, ListQuery, Ok, Paged, Text, optionalFields } from "../schemas/common"
import { Catalogue, CatalogueInput, Product, ProductInput } from "../schemas/commerce"

const ProductList = { ...ListQuery, catalogue_id: Schema.optional(Id), in_stock: Schema.optional(Schema.Boolean) }

export const catalogues = defineGroup(
  "catalogues",
  { title: "Catalogues and products", permission: "catalogues" },
  {
    catalogues: { method: "POST", path: "/catalogues", request: Schema.Struct(ListQuery), response: Paged(Catalogue) },
    catalogueCreate: {
      method: "POST",
      path: "/catalogue/create",
      request: Schema.Struct(CatalogueInput),
      response: Data(Catalogue),
    },
    catalogueUpdate: {
      method: "POST",
      path: "/catalogue/update",
      request: Schema.Struct({ id: Id, ...optionalFields(CatalogueInput) }),
      response: Data(Catalogue),
    },
    /** Deleting a catalogue keeps its products, unassigned. */
    catalogueDelete: { method: "POST", path: "/catalogue/delete", request: IdBody, response: Ok },
    products: { method: "POST", path: "/products", request: Schema.Struct(ProductList), response: Paged(Product) },
    productInsert: {
      method: "POST",
      path: "/product/insert",
      request: Schema.Struct(ProductInput),
      response: Data(Product),
    },
    productUpdate: {
      method: "POST",
      path: "/product/update",
      request: Schema.Struct({ id: Id, ...optionalFields(ProductInput) }),
      response: Data(Product),
    },
    productDelete: { method: "POST", path: "/product/delete", request: IdBody, response: Ok },
    productSearch: {
      method: "POST",
      path: "/product/search",
      request: Schema.Struct({ ...ProductList, search: Text(200).check(Schema.isNonEmpty()) }),
      response: Paged(Product),
    },
  },
)
