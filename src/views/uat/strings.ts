/** Strings of the UAT customers page (merged under `uat`). */
export const uatEn = {
  title: "UAT customers",
  subtitle: "Test numbers: while on, their conversations are left out of monthly active users and nothing is charged for them.",
  new: "Add test number",
  edit: "Edit test number",
  search: "Search",
  number: "Number",
  name: "Name",
  state: "State",
  created: "Added",
  active: "On",
  inactive: "Off",
  activeHelp: "On: left out of reports and billing",
  empty: "No test numbers yet",
  problems: {
    numberInvalid: "Enter a phone number in international form, such as +905550001122.",
    nameTooLong: "A name can have at most 120 characters.",
    noChange: "Nothing has changed.",
  },
}
