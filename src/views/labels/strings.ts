/** Strings of the labels screen (merged under `labels`). */
export const labelsEn = {
  title: "Labels",
  subtitle: "Labels agents put on conversations to sort and find them.",
  new: "New label",
  edit: "Edit label",
  search: "Search",
  name: "Name",
  color: "Colour",
  preview: "Preview",
  conversations: "Conversations",
  created: "Created",
  empty: "No labels yet",
  problems: {
    nameRequired: "Give the label a name.",
    nameTooLong: "A label name can have at most 50 characters.",
    colorInvalid: "Pick a colour.",
    noChange: "Nothing has changed.",
  },
}
