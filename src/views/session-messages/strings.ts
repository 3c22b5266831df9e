/** Strings of the Session Timeout screen (merged under `sessionMessages`). */
export const sessionMessagesEn = {
  title: "Session Timeout",
  subtitle: "The message a customer receives when their conversation times out.",
  enabled: "Send the timeout message",
  minutes: "Time out after (minutes)",
  minutesHelp: "Whole minutes, from 1 to 10080 (one week).",
  message: "Message",
  save: "Save",
  saved: "Saved",
  retry: "Try again",
  loadFailed: "The session timeout could not be loaded: {{message}}",
  saveFailed: "Not saved: {{message}}",
  problems: {
    minutesInvalid: "Enter whole minutes from 1 to 10080.",
    messageRequired: "Write the message.",
    messageTooLong: "The message can have at most 1000 characters.",
    noChange: "Nothing has changed.",
  },
}
