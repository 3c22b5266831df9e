import type { FirstAdmin } from "./db/seed/platform"

/** What `npm start` prints once the server listens: what development mode opens first, the address and logins last. */
export interface BannerFacts {
  readonly url: string
  readonly database: string
  readonly dev: boolean
  readonly devKey: string
  readonly devKeyFile: string
  /** The demo world's logins (development). */
  readonly password: string
  readonly logins: readonly { readonly username: string; readonly tenant: string; readonly note: string }[]
  /** Production's first start: the super admin it made (db/seed/platform.ts). */
  readonly firstAdmin?: FirstAdmin | null
}

const firstAdminLines = (admin: FirstAdmin | null | undefined): string[] =>
  admin
    ? [
        `First start: the super admin is ${admin.username} (${admin.email}), ${
          admin.generatedPassword
            ? `password ${admin.generatedPassword} (shown once: sign in and change it)`
            : "with the password in ADMIN_PASSWORD"
        }`,
      ]
    : []

export const bannerOf = (facts: BannerFacts): string[] => [
  ...(facts.dev
    ? [
        "Development mode (NODE_ENV=production turns it off): the /dev/* hooks (channel simulator, mail outbox) answer",
        `  tenant admins in their own tenant, and the CLI scripts with x-dev-key: ${facts.devKey} (kept in ${facts.devKeyFile})`,
        `Password-reset mail: ${facts.url}/dev/outbox`,
      ]
    : []),
  `Console and API: ${facts.url} (${facts.database}; API under /api, socket service under /rt)`,
  ...(facts.dev
    ? [
        `Logins (password ${facts.password}):`,
        ...facts.logins.map((login) => `  ${login.username.padEnd(11)} ${login.tenant.padEnd(11)} ${login.note}`),
      ]
    : firstAdminLines(facts.firstAdmin)),
]
