/**
 * Catalogues and products (/fb-catalogues-menu, /admin-products and the company sub-pages catalouges and products):
 * the tenant's catalogues, its products with images, prices and stock, and the product CSV import.
 */
import { type Feature, screen } from "../feature"

const cataloguesScreen = screen(
  () => import("../../views/catalogues/CataloguesView"),
  (m) => m.CataloguesView,
)
const productsScreen = screen(
  () => import("../../views/catalogues/ProductsView"),
  (m) => m.ProductsView,
)

export const catalogues: Feature = {
  name: "catalogues",
  layers: ["machines", "views", "server", "browser", "docs"],
  calls: ["catalogues", "productImport", "uploads"],
  reports: {
    "report-catalogues": () => import("../../machines/catalogues/catalogues-list").then((m) => m.cataloguesListMachine),
    "report-products": () => import("../../machines/catalogues/products-list").then((m) => m.productsListMachine),
  },
  screens: {
    fbCataloguesMenu: cataloguesScreen,
    "companyDetails/catalouges": cataloguesScreen,
    adminProducts: productsScreen,
    "companyDetails/products": productsScreen,
  },
  pages: {
    "catalogue-editor": () => import("../../machines/catalogues/catalogue-editor").then((m) => m.catalogueEditorMachine),
    "product-editor": () => import("../../machines/catalogues/product-editor").then((m) => m.productEditorMachine),
    "product-import": () => import("../../machines/catalogues/product-import").then((m) => m.productImportMachine),
  },
  strings: {
    en: () => import("../../views/catalogues/strings").then((m) => ({ catalogues: m.cataloguesEn })),
    tr: () => import("../../views/catalogues/strings.tr").then((m) => ({ catalogues: m.cataloguesTr })),
    ar: () => import("../../views/catalogues/strings.ar").then((m) => ({ catalogues: m.cataloguesAr })),
  },
  uses: ["report-kit", "record-kit"],
}
