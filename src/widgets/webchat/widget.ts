/**
 * The embeddable web-chat widget (loaded by the snippet `<script src=".../webchat/widget.js" data-key="…" async>`):
 * a launcher and a chat window in a shadow root of its own, talking to our server only. The visitor's signed token is
 * kept in the page's localStorage, so a reload resumes the conversation. A site the tenant does not allow gets no
 * widget (the server's reason goes to the console).
 */
import type { Socket } from "socket.io-client"
import {
  READ_IDS_MAX,
  type VisitorMessage,
  type VisitorQueue,
  type VisitorSession,
  type VisitorWidget,
} from "../../contract/webchat-visitor"
import { WEBCHAT_PRECHAT_FIELDS } from "../../contract/webchat-rules"
import { languageOf, WIDGET_STRINGS, type WidgetStrings } from "./strings"
import { widgetCss } from "./style"
import { openSession, uploadFile, VisitorCallError, visitorSocket } from "./visitor-api"

const FILE_MAX = 5 * 1024 * 1024
const TYPING_IDLE_MS = 3000
const CHAT_ICON =
  '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>'

type Child = Node | string | null
const h = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Record<string, unknown> = {}, ...children: Child[]) => {
  const node = document.createElement(tag)
  const writable = node as unknown as Record<string, unknown>
  for (const [name, value] of Object.entries(props)) {
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value as EventListener)
    else if (name in node && name !== "list") writable[name] = value
    else node.setAttribute(name, String(value))
  }
  for (const child of children) if (child !== null) node.append(child)
  return node
}

const start = (script: HTMLScriptElement) => {
  const key = script.dataset.key ?? ""
  const base = new URL(script.src).origin
  const lang = languageOf(script.dataset.lang, document.documentElement.lang)
  const t: WidgetStrings = WIDGET_STRINGS[lang]
  const stored = `webchat:${key}`
  const host = h("div", { "data-webchat": "", "data-state": "loading" })
  const shadow = host.attachShadow({ mode: "open" })
  document.body.append(host)

  let token: string | null = localStorage.getItem(stored)
  let socket: Socket | null = null
  let widget: VisitorWidget
  const shown = new Set<string>()
  let typingTimer = 0
  let idleTimer = 0
  let typingSent = false

  const root = h("div", { className: "root", dir: lang === "ar" ? "rtl" : "ltr", lang })
  const body = h("div", { className: "body", role: "log", "aria-live": "polite" })
  const typing = h("div", { className: "typing", "data-testid": "webchat-typing" })
  const queueLine = h("div", { className: "queue", role: "status", "data-testid": "webchat-queue", hidden: true })
  const error = h("div", { className: "error", role: "alert", hidden: true })
  const textarea = h("textarea", { placeholder: t.placeholder, "aria-label": t.placeholder, rows: 1 })
  const fileInput = h("input", { type: "file", accept: "image/jpeg,image/png,image/webp,application/pdf", hidden: true })
  const composer = h("form", { className: "composer" })
  const form = h("form", { className: "form" })
  const windowEl = h("div", { className: "window", role: "dialog", hidden: true })
  const launcher = h("button", { className: "launcher", type: "button", "aria-label": t.open, title: t.open })
  launcher.innerHTML = CHAT_ICON

  const showError = (text: string | null) => {
    error.textContent = text ?? ""
    error.hidden = text === null
  }
  const isOpen = () => !windowEl.hidden
  const scrollDown = () => {
    body.scrollTop = body.scrollHeight
  }

  const seenMark = h("div", { className: "meta", "data-testid": "webchat-seen", hidden: true }, t.seen)
  const markSeen = (seen: boolean) => {
    seenMark.hidden = !seen || !body.querySelector(".msg.visitor")
    if (!seenMark.hidden) body.append(seenMark)
  }

  const show = (message: VisitorMessage) => {
    if (shown.has(message.id)) return
    shown.add(message.id)
    const bubble = h(
      "div",
      { className: `msg ${message.from}`, dir: "auto", "data-testid": `webchat-${message.from}-message`, title: message.dt },
      message.text || null,
    )
    for (const file of message.files)
      bubble.append(h("div", {}, h("a", { href: file.url, target: "_blank", rel: "noopener noreferrer" }, `📎 ${file.name}`)))
    body.append(bubble)
    if (message.from === "agent") typing.textContent = ""
    if (message.from === "visitor") markSeen(false)
    scrollDown()
  }

  /** The visitor's place in the queue, or nothing once an agent has the conversation. */
  const showQueue = (queue: VisitorQueue) => {
    queueLine.hidden = queue.position === null
    if (queue.position === null) return
    const place = t.queued.replace("{position}", String(queue.position))
    queueLine.textContent = queue.wait_minutes === null ? place : `${place} ${t.queueWait.replace("{minutes}", String(queue.wait_minutes))}`
  }

  /** The agent's messages shown since the last read report: named in it, so one that arrived ahead of its send's commit still counts. */
  let unreported: string[] = []
  const reportRead = () => {
    if (!socket?.connected || !isOpen() || document.visibilityState !== "visible") return
    socket.emit("read", { ids: unreported.slice(-READ_IDS_MAX) })
    unreported = []
  }

  const connect = () => {
    if (!token || socket) return
    socket = visitorSocket(base, key, token)
    socket.on("message", (message: VisitorMessage) => {
      show(message)
      if (message.from !== "agent") return
      unreported.push(message.id)
      reportRead()
    })
    socket.on("typing", (payload: { state: string }) => {
      window.clearTimeout(typingTimer)
      typing.textContent = payload.state === "typing" ? t.typing : ""
      if (payload.state === "typing") typingTimer = window.setTimeout(() => typing.replaceChildren(), 15_000)
    })
    socket.on("read", () => markSeen(true))
    socket.on("queue", showQueue)
    socket.on("connect", () => {
      showError(null)
      reportRead()
    })
    socket.on("disconnect", () => showError(t.reconnecting))
    socket.on("connect_error", (failure: Error & { data?: { error?: { code?: string } } }) => {
      if (failure.data?.error?.code === "VISITOR_TOKEN_INVALID") forget()
      else showError(t.reconnecting)
    })
  }

  /** A token the server no longer takes: start afresh. */
  const forget = () => {
    localStorage.removeItem(stored)
    token = null
    socket?.close()
    socket = null
    render()
  }

  const adopt = (session: VisitorSession) => {
    widget = session.widget
    if (session.token) {
      token = session.token
      localStorage.setItem(stored, token)
    }
    for (const message of session.messages) show(message)
    markSeen(session.agent_read)
    showQueue(session.queue)
    connect()
  }

  const sendText = async () => {
    const text = textarea.value.trim()
    if (!text || !socket) return
    textarea.value = ""
    stopTyping()
    const answer = (await socket
      .timeout(10_000)
      .emitWithAck("message", { text })
      .catch(() => null)) as {
      message?: VisitorMessage
      error?: { message: string }
    } | null
    if (answer?.message) {
      show(answer.message)
      showError(null)
    } else {
      textarea.value = text
      showError(`${t.notSent} ${answer?.error?.message ?? t.reconnecting}`)
    }
  }

  const stopTyping = () => {
    window.clearTimeout(idleTimer)
    if (typingSent) socket?.emit("typing", { state: "paused" })
    typingSent = false
  }
  textarea.addEventListener("input", () => {
    if (!typingSent) socket?.emit("typing", { state: "typing" })
    typingSent = true
    window.clearTimeout(idleTimer)
    idleTimer = window.setTimeout(stopTyping, TYPING_IDLE_MS)
  })
  textarea.addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault()
      void sendText()
    }
  })
  composer.addEventListener("submit", (event) => {
    event.preventDefault()
    void sendText()
  })
  fileInput.addEventListener("change", () => {
    const file = fileInput.files?.[0]
    fileInput.value = ""
    if (!file || !token) return
    if (file.size > FILE_MAX) return showError(t.tooBig)
    uploadFile(base, key, token, file).then(
      (message) => {
        show(message)
        showError(null)
      },
      (failure: Error) => showError(`${t.notSent} ${failure.message}`),
    )
  })
  composer.append(
    h("button", { type: "button", className: "attach", "aria-label": t.attach, title: t.attach, onclick: () => fileInput.click() }, "+"),
    textarea,
    fileInput,
    h("button", { type: "submit" }, t.send),
  )

  const startChat = async (answers: Record<string, string>) => {
    try {
      adopt(await openSession(base, { key, visitor: answers }))
      render()
    } catch (failure) {
      showError(failure instanceof Error ? failure.message : String(failure))
      const field = failure instanceof VisitorCallError ? failure.field : undefined
      if (field) (form.querySelector(`[name=${field}]`) as HTMLInputElement | null)?.focus()
    }
  }

  const prechatForm = () => {
    form.replaceChildren(h("div", { className: "greeting", dir: "auto" }, widget.greeting || t.greeting), h("p", {}, t.intro))
    for (const field of WEBCHAT_PRECHAT_FIELDS) {
      const mode = widget.prechat[field]
      if (mode === "off") continue
      const type = field === "email" ? "email" : field === "phone" ? "tel" : "text"
      form.append(
        h(
          "label",
          {},
          `${t[field]} ${mode === "optional" ? t.optional : ""}`,
          h("input", { name: field, type, required: mode === "required", autocomplete: field === "phone" ? "tel" : field }),
        ),
      )
    }
    form.append(h("button", { type: "submit" }, t.start))
    form.onsubmit = (event) => {
      event.preventDefault()
      const answers: Record<string, string> = {}
      for (const input of form.querySelectorAll("input")) answers[input.name] = input.value
      void startChat(answers)
    }
  }

  const render = () => {
    const asking = token === null
    form.hidden = !asking
    composer.hidden = asking
    body.hidden = asking
    typing.hidden = asking
    if (asking) queueLine.hidden = true
    if (asking) prechatForm()
  }

  const toggle = (open: boolean) => {
    windowEl.hidden = !open
    launcher.setAttribute("aria-expanded", String(open))
    if (!open) return
    const needsForm = WEBCHAT_PRECHAT_FIELDS.some((field) => widget.prechat[field] !== "off")
    if (token === null && !needsForm) void startChat({})
    render()
    scrollDown()
    reportRead()
    ;(token === null ? (form.querySelector("input") as HTMLElement | null) : textarea)?.focus()
  }
  launcher.addEventListener("click", () => toggle(windowEl.hidden !== false))
  document.addEventListener("visibilitychange", reportRead)

  const boot = async () => {
    let session: VisitorSession
    try {
      session = await openSession(base, { key, ...(token ? { token } : {}) })
    } catch (failure) {
      if (failure instanceof VisitorCallError && failure.code === "VISITOR_TOKEN_INVALID") {
        localStorage.removeItem(stored)
        token = null
        return boot()
      }
      host.dataset.state = "refused"
      host.dataset.error = failure instanceof VisitorCallError ? failure.code : "NETWORK"
      console.error(`[web chat] ${failure instanceof Error ? failure.message : String(failure)}`)
      return
    }
    adopt(session)
    const greeting = widget.greeting || t.greeting
    body.prepend(h("div", { className: "greeting", dir: "auto" }, greeting))
    windowEl.append(
      h(
        "div",
        { className: "head" },
        h("h2", {}, t.title),
        h("button", { type: "button", "aria-label": t.close, title: t.close, onclick: () => toggle(false) }, "×"),
      ),
      queueLine,
      body,
      typing,
      error,
      form,
      composer,
    )
    root.append(windowEl, launcher)
    shadow.append(h("style", {}, widgetCss(widget.color, widget.text_color, widget.position)), root)
    host.dataset.state = "ready"
    render()
  }
  void boot()
}

const script = document.currentScript
if (script instanceof HTMLScriptElement) start(script)
