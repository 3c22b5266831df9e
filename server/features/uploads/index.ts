/** The public module of the uploads feature: what other features may use of it. */
export { fileTypeOf } from "./file-types"
export { DB_STORAGE, storeUpload } from "./uploads"
export type { InlineUpload } from "./uploads"
