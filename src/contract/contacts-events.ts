/**
 * The contact book's push events on the socket service (same connection as chat events). Only the importing user's
 * sockets receive them.
 */
export interface ContactsToBrowser {
  /**
   * A CSV import moves on: sent about every 5,000 rows (and once at the end) for the `import_id` the console chose.
   * `bytes_done / bytes_total` is the progress bar; `rows` counts data rows read so far.
   */
  "contacts:import-progress": {
    import_id: string
    file_name: string
    rows: number
    bytes_done: number
    bytes_total: number
    done: boolean
  }
}

export type ContactsToBrowserEvent = keyof ContactsToBrowser

export const CONTACTS_TO_BROWSER_EVENTS: readonly ContactsToBrowserEvent[] = ["contacts:import-progress"]
