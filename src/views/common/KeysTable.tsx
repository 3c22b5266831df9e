/** A list of keyboard shortcuts as a table: what each does, and its keys as key caps (the shortcuts help dialogs). */
import { Classes, HTMLTable } from "@blueprintjs/core"
import "./keys-table.css"

export interface KeysRow {
  readonly keys: readonly string[]
  /** What the keys do, in the user's language. */
  readonly label: string
}

export const KeysTable = ({ rows }: { rows: readonly KeysRow[] }) => (
  <HTMLTable compact striped className="mc-shortcuts">
    <tbody>
      {rows.map(({ keys, label }) => (
        <tr key={label}>
          <td>{label}</td>
          <td className="mc-kbd">
            {keys.map((k) => (
              <kbd key={k} className={Classes.KEY}>
                {k}
              </kbd>
            ))}
          </td>
        </tr>
      ))}
    </tbody>
  </HTMLTable>
)
