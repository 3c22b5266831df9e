import { describe, expect, it } from "vitest"
import { MIN_SECRET_LENGTH, refusalOf, settingProblems } from "./production-settings"

const complete = {
  NODE_ENV: "production",
  JWT_SECRET: "s".repeat(MIN_SECRET_LENGTH),
  PUBLIC_URL: "https://console.example.com",
  SMTP_URL: "smtps://user:password@smtp.example.com:465",
  DATA_DIR: "/var/lib/console",
}
const named = (problems: readonly string[]) => problems.map((line) => line.split(":")[0])

describe("the settings a production start needs", () => {
  it("with all of them, it may start (PGlite in DATA_DIR, or PostgreSQL at DATABASE_URL)", () => {
    expect(settingProblems(complete)).toEqual([])
    expect(settingProblems({ ...complete, DATA_DIR: undefined, DATABASE_URL: "postgres://u:p@db:5432/console" })).toEqual([])
  })

  it("names every missing one at once, each with what to set", () => {
    const problems = settingProblems({ NODE_ENV: "production" })
    expect(named(problems)).toEqual(["JWT_SECRET", "PUBLIC_URL", "SMTP_URL", "DATABASE_URL"])
    expect(problems[0]).toMatch(/at least 32 characters/)
    expect(problems[3]).toMatch(/DATA_DIR/)
    const message = refusalOf(problems)
    expect(message.split("\n")).toHaveLength(5)
    expect(message).toMatch(/^The server cannot start: 4 settings are missing or wrong\./)
  })

  it("refuses a short secret, a relative public address, a mail URL that is not SMTP and a database URL that is not PostgreSQL", () => {
    const problems = settingProblems({
      ...complete,
      JWT_SECRET: "short",
      PUBLIC_URL: "console.example.com",
      SMTP_URL: "http://mail.example.com",
      DATABASE_URL: "mysql://db/console",
    })
    expect(named(problems)).toEqual(["JWT_SECRET", "PUBLIC_URL", "SMTP_URL", "DATABASE_URL"])
    expect(problems[0]).toMatch(/is 5 characters long/)
    expect(settingProblems({ ...complete, PUBLIC_URL: "ftp://console.example.com" })).toEqual([
      "PUBLIC_URL: PUBLIC_URL must use http or https, not ftp:",
    ])
  })

  it("a development start needs none of them, but several processes sharing Redis need their common secret", () => {
    expect(settingProblems({})).toEqual([])
    expect(named(settingProblems({ REDIS_URL: "redis://127.0.0.1:6379" }))).toEqual(["JWT_SECRET"])
    expect(settingProblems({ ...complete, REDIS_URL: "redis://127.0.0.1:6379" })).toEqual([])
  })
})
