/** What `npm start` prints once the server listens: what development mode opens first, the address and logins last. */
export interface BannerFacts {
  readonly url: string
  readonly database: string
  readonly dev: boolean
  readonly devKey: string
  readonly devKeyFile: string
  readonly password: string
  readonly logins: readonly { readonly username: string; readonly tenant: string; readonly note: string }[]
}

export const bannerOf = (facts: BannerFacts): string[] => [
  ...(facts.dev
    ? [
        "Development mode (NODE_ENV=production turns it off): the /dev/* hooks (channel simulator, mail outbox) answer",
        `  tenant admins in their own tenant, and the CLI scripts with x-dev-key: ${facts.devKey} (kept in ${facts.devKeyFile})`,
        `Password-reset mail: ${facts.url}/dev/outbox`,
      ]
    : []),
  `Console and API: ${facts.url} (${facts.database}; API under /api, socket service under /rt)`,
  `Logins (password ${facts.password}):`,
  ...facts.logins.map((login) => `  ${login.username.padEnd(11)} ${login.tenant.padEnd(11)} ${login.note}`),
]
