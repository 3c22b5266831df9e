/** The flags screen's strings, under `flags`. */
export const flagsEn = {
  subtitle: "Mark customers that need attention; flag them in bulk from the contact book",
  new: "New flag",
  edit: "Edit",
  name: "Name",
  color: "Colour",
  description: "Description",
  customers: "Customers",
  created: "Created",
  show: "Show customers",
  noRows: "No flags yet",
}

export type FlagsStrings = typeof flagsEn
