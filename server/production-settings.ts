/**
 * The settings a server needs before it starts, checked in one place (server/serve.ts, before anything starts): a
 * production server (NODE_ENV=production) needs its secret, its public address, a mail server and a database chosen on
 * purpose; any server sharing Redis with others needs their common secret. Every problem is one line naming the
 * variable and what to set, all of them at once.
 */
import { publicUrlFrom } from "./config"

/** The shortest JWT_SECRET a production server accepts (32 characters: `openssl rand -hex 32` gives 64). */
export const MIN_SECRET_LENGTH = 32

type Env = Readonly<Record<string, string | undefined>>

const urlOf = (value: string): URL | null => {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

const secretProblem = (secret: string | undefined): string | null => {
  if (!secret)
    return `JWT_SECRET: set a random secret of at least ${MIN_SECRET_LENGTH} characters (openssl rand -hex 32), the same on every node`
  if (secret.length < MIN_SECRET_LENGTH)
    return `JWT_SECRET: is ${secret.length} characters long; set a random secret of at least ${MIN_SECRET_LENGTH} (openssl rand -hex 32)`
  return null
}

const publicUrlProblem = (value: string | undefined): string | null => {
  if (!value) return "PUBLIC_URL: set the console's public address, e.g. https://console.example.com (every link in a mail starts with it)"
  try {
    publicUrlFrom(value)
    return null
  } catch (error) {
    return `PUBLIC_URL: ${(error as Error).message}`
  }
}

const smtpProblem = (value: string | undefined): string | null => {
  const example = "smtps://user:password@smtp.example.com:465 or smtp://user:password@smtp.example.com:587"
  if (!value) return `SMTP_URL: set the mail server (password resets, notices and reports are mailed), e.g. ${example}`
  const protocol = urlOf(value)?.protocol
  return protocol === "smtp:" || protocol === "smtps:" ? null : `SMTP_URL: must be an smtp:// or smtps:// URL, e.g. ${example}`
}

const databaseProblem = (databaseUrl: string | undefined, dataDir: string | undefined): string | null => {
  if (databaseUrl) {
    const protocol = urlOf(databaseUrl)?.protocol
    return protocol === "postgres:" || protocol === "postgresql:"
      ? null
      : "DATABASE_URL: must be a PostgreSQL URL, e.g. postgres://user:password@db.example.com:5432/console"
  }
  if (dataDir) return null
  return "DATABASE_URL: set the PostgreSQL database (postgres://user:password@host:5432/db), or DATA_DIR: the folder of the embedded database (one machine only)"
}

/** What stops this environment from starting a server: one line per setting, empty when it may start. */
export const settingProblems = (env: Env): string[] => {
  const production = env.NODE_ENV === "production"
  const problems = production
    ? [
        secretProblem(env.JWT_SECRET),
        publicUrlProblem(env.PUBLIC_URL),
        smtpProblem(env.SMTP_URL),
        databaseProblem(env.DATABASE_URL, env.DATA_DIR),
      ]
    : []
  // Processes behind one balancer must accept each other's tokens.
  if (env.REDIS_URL && !env.JWT_SECRET && !production)
    problems.push("JWT_SECRET: REDIS_URL is set (several processes): set the same JWT_SECRET for all of them")
  return problems.filter((problem) => problem !== null)
}

/** The message a refused start prints: a heading, then one line per problem. */
export const refusalOf = (problems: readonly string[]): string =>
  [
    `The server cannot start: ${problems.length === 1 ? "a setting is" : `${problems.length} settings are`} missing or wrong.`,
    ...problems.map((line) => `  ${line}`),
  ].join("\n")
