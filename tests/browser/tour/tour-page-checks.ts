/**
 * What the tour looks for on a settled screen, run inside the page (page.evaluate sends this function's source to the
 * browser, so it is self-contained). It answers one line per problem, in words a reader can act on.
 */

export interface ScreenChecks {
  /** Look for widths and the floating call button (once per viewport size). */
  readonly layout: boolean
  /** Look for raw values and keys (once per screen, and again in each language the screen is shown in). */
  readonly words: boolean
  /** Look at the page frame's title, which no language changes (once per screen). */
  readonly frame: boolean
  /** Look for dates later than now: only on screens that show what already happened. */
  readonly history: boolean
  /** The string tables' top-level names ("platform", "common", …): a key left untranslated starts with one of them. */
  readonly namespaces: readonly string[]
}

/** What was found: the layout's problems (which depend on the window's size) apart from the others. */
export interface ScreenProblems {
  readonly layout: string[]
  readonly content: string[]
}

export const inspectScreen = async (checks: ScreenChecks): Promise<ScreenProblems> => {
  const layout: string[] = []
  const content: string[] = []
  // The shell's content, or the logged-out pages' frame.
  const root = document.querySelector("#mc-content, .mc-public-main")
  if (!root) return { layout, content }

  /** An element named for a failure line: its test id (or its nearest one), its tag, a little of its text. */
  const nameOf = (el: Element) => {
    const id = el.closest("[data-testid]")?.getAttribute("data-testid") ?? ""
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40)
    return `${el.tagName.toLowerCase()}${id ? `[${id}]` : ""}${text ? ` "${text}"` : ""}`
  }
  const shown = (el: Element) => {
    const rect = el.getBoundingClientRect()
    return rect.width > 0 && rect.height > 0 && getComputedStyle(el).visibility !== "hidden"
  }

  if (checks.layout) {
    // What the user sees: the frame after a resize, once the observers (charts) have answered it.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    // The page wider than the window.
    const main = document.querySelector(".mc-main") ?? document.scrollingElement
    if (main && main.scrollWidth > main.clientWidth + 1)
      layout.push(`the page is ${main.scrollWidth - main.clientWidth}px wider than the window`)
    // Content past its card with no scroller between them (a scroller inside the card is how a wide table is shown).
    for (const card of root.querySelectorAll(".mc-card, .bp6-card")) {
      const box = card.getBoundingClientRect()
      if (box.width === 0) continue
      const offenders = new Set<Element>()
      // Whether an element sits in a scroller or an offender below the card (document order fills this from the top
      // down, so a parent is settled before its children ask). A clipper does not count: what it cuts off is lost.
      const inside = new Map<Element, boolean>()
      const contained = (el: Element): boolean => {
        const up = el.parentElement
        if (!up || up === card) return false
        let known = inside.get(up)
        if (known === undefined) {
          known = offenders.has(up) || ["auto", "scroll"].includes(getComputedStyle(up).overflowX) || contained(up)
          inside.set(up, known)
        }
        return known
      }
      // What only a screen reader reads (clipped to a pixel on purpose) is not drawn past anything.
      for (const el of card.querySelectorAll("*")) {
        if (contained(el) || !shown(el) || el.closest(".mc-visually-hidden")) continue
        const rect = el.getBoundingClientRect()
        const past = Math.max(rect.right - box.right, box.left - rect.left)
        if (past > 1) {
          offenders.add(el)
          layout.push(`${nameOf(el)} reaches ${Math.round(past)}px past its card`)
        }
      }
    }
    // Content under the floating call button once the page is scrolled to its end: the page must leave room for it.
    const button = document.querySelector(".mc-call-toolbar")
    const scroller = document.querySelector(".mc-scroll-content .mc-main") ?? document.scrollingElement
    if (button && scroller) {
      const before = scroller.scrollTop
      // To the end, again if the page grew meanwhile (a chart drawn, rows arrived).
      for (let tries = 0; tries < 5; tries++) {
        scroller.scrollTop = scroller.scrollHeight
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
        if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) break
      }
      const area = button.getBoundingClientRect()
      const leaves = "a, button, input, select, textarea, td, th, img, svg, label, p, h1, h2, h3, h4, li, span"
      let under = 0
      for (const el of root.querySelectorAll(leaves)) {
        if (el.querySelector(leaves) || !shown(el)) continue
        const rect = el.getBoundingClientRect()
        if (rect.left < area.right && rect.right > area.left && rect.top < area.bottom && rect.bottom > area.top && under++ < 3)
          layout.push(`${nameOf(el)} lies under the floating call button`)
      }
      scroller.scrollTop = before
    }
  }

  if (checks.words) {
    // Not "answered": tenants name their bots' menu options with such words, shown as typed.
    const ENUMS = new Set(
      (
        "webchat whatsapp sms facebook instagram messenger received sent delivered read failed queued completed missed " +
        "rejected busy cancelled canceled inbound outbound incoming outgoing pending resolved ongoing open closed " +
        "active inactive text image video audio document location template"
      ).split(" "),
    )
    const MISSING = /\b(undefined|NaN|Invalid Date)\b|\[object Object\]/
    const I18N_KEY = /^[a-z][A-Za-z0-9]*(\.[A-Za-z][A-Za-z0-9_]*)+$/
    // A customer's handle ("selin.ceramics") has a key's shape too: only a known table's name makes it a key.
    const namespaces = new Set(checks.namespaces)
    const seen = new Set<string>()
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      // Code, what the user typed, and values shown to be copied verbatim (ids, tokens) are raw on purpose.
      if (!parent || parent.closest("pre, code, textarea, [contenteditable], .mc-copy, [data-raw]")) continue
      const text = (node.textContent ?? "").trim()
      if (!text || seen.has(text) || parent.getClientRects().length === 0) continue
      seen.add(text)
      if (MISSING.test(text)) content.push(`shows "${text.slice(0, 60)}"`)
      else if (I18N_KEY.test(text) && namespaces.has(text.split(".")[0])) content.push(`shows the i18n key "${text}"`)
      else if (ENUMS.has(text)) content.push(`shows the raw value "${text}"`)
    }
  }

  if (checks.frame && root.id === "mc-content") {
    // The one page frame: the screen's title heads it, once; only a way back (a nav) may come before it.
    const titles = [...root.querySelectorAll('[data-testid="page-title"]')].filter(shown)
    const header = titles[0]?.closest("header") ?? titles[0]
    if (titles.length !== 1) content.push(`shows ${titles.length} page titles (the page frame has one, at its top)`)
    else if (header) {
      const before = [...root.querySelectorAll("a, button, input, select, textarea, h1, h2, h3, h4, p, label, td, th")].find(
        (el) =>
          shown(el) &&
          !el.closest("nav") &&
          !el.contains(header) &&
          (header.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING) !== 0,
      )
      if (before) content.push(`${nameOf(before)} comes before the page title`)
    }
  }

  if (checks.words) {
    // Dates in the spec's form only (DD-MM-YYYY): an ISO or month-first date beside it reads as another date.
    // biome-ignore lint/performance/useDomNodeTextContent: only what is drawn counts, not hidden text
    const text = (root as HTMLElement).innerText
    const other = text.match(/\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{4}\b/)
    if (other) content.push(`shows the date ${other[0]} (the console writes DD-MM-YYYY)`)
  }

  if (checks.history) {
    // DD-MM-YYYY with an optional hh:mm and am/pm, as the console prints them; a date without a time counts from the
    // start of its day. Two minutes' grace: the server's clock and the page's may differ a little.
    const now = Date.now()
    const pattern = /\b(\d{2})-(\d{2})-(\d{4})(?:[ T,]+(\d{1,2}):(\d{2})(?::\d{2})?\s*([ap]m)?)?/gi
    let future = 0
    // biome-ignore lint/performance/useDomNodeTextContent: only what is drawn counts, not hidden text
    for (const m of (root as HTMLElement).innerText.matchAll(pattern)) {
      const half = m[6]?.toLowerCase()
      const hour = (Number(m[4] ?? 0) % (half ? 12 : 24)) + (half === "pm" ? 12 : 0)
      const at = new Date(Number(m[3]), Number(m[2]) - 1, Number(m[1]), hour, Number(m[5] ?? 0)).getTime()
      if (at > now + 120_000 && future++ < 3) content.push(`shows ${m[0].trim()}, which is in the future`)
    }
  }
  return { layout, content }
}
