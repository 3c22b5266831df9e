/** Registering and approving a business through the real calls, for the businesses and onboarding tests. */
import { expect } from "vitest"
import { as, callOf, login, send } from "../../testing/harness"

/** The smallest valid PDF the upload check accepts (it must start like one). */
export const PDF_BASE64 = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n").toString("base64")

let counter = 0
/** A name unique in this run and this database, so tests on one server never collide. */
export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`

export const registerBusiness = async (url: string, options: { documents?: number; name?: string } = {}) => {
  const username = uniqueName("owner")
  const countries = (await send(url, callOf("onboarding", "fetchCountries"), {})).body.data as { id: number }[]
  const ids: number[] = []
  let token: string | undefined
  for (let i = 0; i < (options.documents ?? 0); i++) {
    const upload = await send(url, callOf("onboarding", "registrationUpload"), {
      file_name: `licence-${i}.pdf`,
      mime_type: "application/pdf",
      data_base64: PDF_BASE64,
      document_type: "trade_license",
      ...(token ? { upload_token: token } : {}),
    })
    expect(upload.status, JSON.stringify(upload.body)).toBe(200)
    ids.push(upload.body.data.id)
    token = upload.body.data.upload_token
  }
  const reply = await send(url, callOf("onboarding", "register"), {
    business_name: options.name ?? `Bakery ${username}`,
    email: `${username}@bakery.example`,
    phone: "+905551234567",
    country_id: countries[0].id,
    admin_username: username,
    password: "strong-pass-1",
    ...(ids.length ? { document_ids: ids, upload_token: token } : {}),
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return {
    client: reply.body.data as { id: number; name: string; onboarding_status: string; active: boolean },
    username,
    password: "strong-pass-1",
  }
}

const review = callOf("businessReview", "reviewRegistration")

/** Registers a business, and has the super admin review and approve it; answers its admin's headers too. */
export const approvedBusiness = async (url: string, superAdmin: Record<string, string>) => {
  const registered = await registerBusiness(url)
  for (const to of ["in_review", "approved"]) {
    const reply = await send(url, review, { client_id: registered.client.id, to }, superAdmin)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  }
  const admin = as((await login(url, registered.username, registered.password)).user_token)
  return { ...registered, admin }
}
