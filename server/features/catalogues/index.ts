/** The public module of the catalogues feature: what other features may use of it. */
export { catalogueRefOf } from "./product-message"
export { productList } from "./products"
