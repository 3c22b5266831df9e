/** Registration of a business and the public pages (English). */
export const onboardingEn = {
  register: {
    title: "Register your business",
    subtitle: "Tell us who you are and send a document that proves it. We review every registration; you can sign in once it is approved.",
    businessName: "Business name",
    email: "Business e-mail",
    phone: "Phone",
    country: "Country",
    chooseCountry: "Choose a country",
    username: "Admin username",
    usernameHelp: "Lower-case letters, digits, dots, dashes or underscores (3 to 40).",
    password: "Password",
    passwordHelp: "At least 8 characters.",
    documents: "Documents",
    documentsHelp: "PDF, PNG or JPEG, up to 10 MiB each, at most 5.",
    documentType: "Document type",
    addDocument: "Upload a document",
    uploading: "Uploading…",
    remove: "Remove",
    submit: "Register",
    submitting: "Registering…",
    loadFailed: "The form could not be loaded: {{message}}",
    retry: "Try again",
    failed: "Not registered: {{message}}",
    uploadFailed: "The document was not uploaded: {{message}}",
    done: "Thank you! {{name}} is registered and waits for review. We will write to {{email}} once it is approved; then sign in as {{username}}.",
    toLogin: "Back to sign in",
    privacy: "How we handle your data",
    problems: {
      nameRequired: "Enter the business's name.",
      emailInvalid: "Enter a valid e-mail address.",
      phoneInvalid: "Enter the phone number with its country code, digits only.",
      countryRequired: "Choose the country.",
      usernameInvalid: "The username may hold lower-case letters, digits, dots, dashes and underscores (3 to 40).",
      passwordShort: "The password needs at least 8 characters.",
      documentRequired: "Upload at least one document.",
      documentType: "Only PDF, PNG or JPEG files can be uploaded.",
      documentSize: "A document may be at most 10 MiB.",
      tooManyDocuments: "At most 5 documents.",
    },
  },
  webhook: {
    title: "Configure web hook",
    subtitle:
      "One address of yours that receives every event of this business (messages, conversations, calls, tickets), signed with your verify token.",
    url: "Webhook URL",
    token: "Verify token",
    tokenHelp: "8 to 200 characters; it signs each delivery. Type it again to change anything.",
    current: "Now sending to {{url}}, signed with the token {{hint}} (since {{when}}).",
    none: "No webhook is configured yet.",
    save: "Save",
    saved: "The webhook is saved.",
    loadFailed: "The webhook could not be loaded: {{message}}",
    retry: "Try again",
    failed: "Not saved: {{message}}",
    problems: {
      urlInvalid: "Enter the full address, starting with https://.",
      tokenShort: "The verify token needs 8 to 200 characters.",
    },
  },
  documentTypes: { trade_license: "Trade licence", tax_certificate: "Tax certificate", identity: "Identity document", other: "Other" },
  privacy: {
    title: "Privacy policy",
    sections: [
      {
        heading: "What we keep",
        text: "For each business: its name, e-mail, phone, country, address and website, the documents it uploaded when it registered, and its users' names, e-mail addresses and sign-in history. For its customers: the conversations, messages, files, contact details and tickets the business's agents handle in the console.",
      },
      {
        heading: "Why",
        text: "To run the console for the business: deliver and store its messages, route conversations to its agents, produce its reports, bill what it sends, and review a registration before the business can sign in.",
      },
      {
        heading: "Who sees it",
        text: "A business's data is seen by its own users, according to the roles its admin gives them, and by the platform's administrators when they review a registration or support the business. Messages reach the channels (WhatsApp, Messenger, Instagram, SMS, e-mail) the business connected. Webhooks send events only to the addresses the business configured.",
      },
      {
        heading: "How long",
        text: "While the business uses the console. A deleted business is kept for {{days}} days, so that a mistake can be undone, and is then removed with everything it holds. Registration documents that no registration claimed are removed after a day.",
      },
      {
        heading: "Your rights",
        text: "A business's admin can correct its details in the company pages at any time. To receive a copy of your data or to have it removed, write to the platform's operator from the business's e-mail address.",
      },
    ],
  },
  btw: {
    title: "BTW (VAT)",
    sections: [
      {
        heading: "Amounts in the console",
        text: "Balances, top-ups and the prices of template messages and SMS are shown without BTW (VAT).",
      },
      {
        heading: "How BTW is charged",
        text: "BTW is added on the platform operator's invoices according to the country the business gave when it registered. A business registered for VAT in another country of the EU may be invoiced under the reverse-charge rule; it then declares the BTW itself.",
      },
      {
        heading: "What we need from you",
        text: "Upload your tax certificate when you register (document type “Tax certificate”), and keep your country and address up to date in the company profile, so your invoices carry the right details.",
      },
    ],
  },
  example: {
    title: "Integration example",
    intro:
      "How a business's own systems hear from the console: every event is POSTed as JSON to the webhook it configured, signed with its verify token.",
    requestHeading: "A delivery",
    verifyHeading: "Checking the signature",
    verifyText:
      "Compute HMAC-SHA256 over “timestamp.body” with the verify token as the key and compare it, in constant time, with the signature header; refuse a delivery whose timestamp is far from your clock, and use the event id to skip one you already handled.",
  },
}
export type OnboardingStrings = typeof onboardingEn
