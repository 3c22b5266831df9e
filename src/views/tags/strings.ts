/** Strings of the chatbot tags screen (merged under `tags`). */
export const tagsEn = {
  title: "Tags for Chatbot",
  subtitle: "Tags the chatbot puts on customers as they walk its menus.",
  new: "New tag",
  edit: "Edit tag",
  search: "Search",
  name: "Name",
  description: "Description",
  contacts: "Contacts",
  created: "Created",
  empty: "No tags yet",
  problems: {
    nameRequired: "Give the tag a name.",
    nameTooLong: "A tag name can have at most 50 characters.",
    descriptionTooLong: "The description can have at most 300 characters.",
    noChange: "Nothing has changed.",
  },
}
