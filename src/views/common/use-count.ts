/** Counts in the user's language with Western digits ("100,000"; "100.000" in Turkish): the console's one count format. */
import { useFormat } from "./format"

export const useCount = () => useFormat().count
