/** Strings of the record kit (the create/edit dialog, delete confirmation and notices every settings list shares). */
export const recordKitEn = {
  save: "Save",
  cancel: "Cancel",
  edit: "Edit",
  delete: "Delete",
  actions: "Actions",
  saved: "Saved",
  confirmDelete: "Delete “{{name}}”? This cannot be undone.",
  saveFailed: "Not saved: {{message}}",
  deleteFailed: "Not deleted: {{message}}",
  actionFailed: "Not done: {{message}}",
}
