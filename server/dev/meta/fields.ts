/** The fields of the fake Meta's hooks: text of a bounded length, Meta's numeric ids, callback URLs (400 naming the field). */
import { badRequest } from "../../http/errors"
import type { Body } from "../body"

export const text = (body: Body, field: string, max = 2048) => {
  const v = body[field]
  if (typeof v !== "string" || v.length === 0 || v.length > max) throw badRequest(`${field} must be text of 1 to ${max} characters`, field)
  return v
}

export const digits = (body: Body, field: string) => {
  const v = text(body, field, 32)
  if (!/^[0-9]+$/.test(v)) throw badRequest(`${field} must be digits`, field)
  return v
}

export const url = (body: Body, field: string) => {
  const v = text(body, field)
  if (!/^https?:\/\//.test(v)) throw badRequest(`${field} must be an http(s) URL`, field)
  return v
}
