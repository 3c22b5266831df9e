/**
 * The composer: text (Enter sends, Shift+Enter breaks the line), a file (uploaded, then sent by link; the text
 * becomes its caption), canned replies behind `/`, templates, the tenant's products (ProductPicker.tsx), and "Send later" on
 * the send button (src/views/scheduled-sends). Outside the 24-hour window only the template
 * button remains, with the reason; closed, blocked or someone else's conversations say why nothing can be sent.
 */
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from "react"
import { useTranslation } from "react-i18next"
import { Button, Callout, Icon, Menu, MenuItem, Spinner, Tag, TextArea } from "@blueprintjs/core"
import type { CannedMessage } from "../../contract/schemas/contacts"
import type { ComposerMode } from "../../machines/chat/chat-selectors"
import { cannedMatches, insertCanned, slashQuery } from "../../machines/chat/chat-selectors"
import { fileSize } from "../../machines/chat/chat-format"
import type { ConversationRef } from "../../machines/chat/inbox-machine"
import { ErrorCallout, useLookup, type LookupRef } from "./chat-hooks"
import { SendLaterMenu } from "../scheduled-sends/SendLater"
import type { ScheduledSendsRef } from "../scheduled-sends/use-scheduled-sends"

export const Composer = ({
  conversation,
  mode,
  canned,
  onTemplate,
  onProducts,
  onTake,
  onUnblock,
  heldBy,
  scheduled,
}: {
  conversation: ConversationRef
  /** The conversation's scheduled sends ("Send later" on the send button); null until its actor runs. */
  scheduled: ScheduledSendsRef | null
  mode: ComposerMode
  /** The colleague holding the conversation (no take then); null when it waits for anyone. */
  heldBy: string | null
  canned: LookupRef
  onTemplate: () => void
  onProducts: () => void
  onTake: () => void
  onUnblock: () => void
}) => {
  const { t } = useTranslation()
  const [draft, setDraft] = useState("")
  // The picked file as the browser gives it: the conversation actor reads it when it is sent.
  const [file, setFile] = useState<File | null>(null)
  const [active, setActive] = useState(0)
  const [dismissedAt, setDismissedAt] = useState<string | null>(null)
  const input = useRef<HTMLTextAreaElement>(null)
  const picker = useRef<HTMLInputElement>(null)
  const { items: cannedItems, failure: cannedFailure, loading: cannedLoading } = useLookup(canned, "canned")
  const query = slashQuery(draft)
  const open = query !== null && dismissedAt !== draft
  const matches = useMemo(() => (query === null ? [] : cannedMatches(cannedItems, query)), [cannedItems, query])
  const clearDraft = useCallback(() => setDraft(""), [])

  // Each conversation gets its own composer (the thread pane is keyed by it), so drafts never cross over.
  useEffect(() => {
    if (open) canned.send({ type: "NEED" })
  }, [open, canned])

  if (mode === "closed" || mode === "blocked" || mode === "notMine") {
    return (
      <div className="mc-composer mc-composer--locked" data-testid="chat-composer-locked" data-mode={mode}>
        <Callout
          compact
          icon={mode === "blocked" ? "disable" : mode === "closed" ? "lock" : "hand"}
          intent={mode === "blocked" ? "danger" : "primary"}
        >
          {mode === "notMine" && heldBy !== null ? t("chat.thread.heldBy", { name: heldBy }) : t(`chat.thread.${mode}`)}
          {mode === "blocked" ? (
            <Button
              size="small"
              icon="unlock"
              text={t("chat.thread.unblock")}
              onClick={onUnblock}
              style={{ marginInlineStart: 8 }}
              data-testid="chat-unblock-inline"
            />
          ) : null}
          {mode === "notMine" && heldBy === null ? (
            <Button
              size="small"
              intent="primary"
              icon="hand"
              text={t("chat.thread.take")}
              onClick={onTake}
              style={{ marginInlineStart: 8 }}
              data-testid="chat-take-inline"
            />
          ) : null}
        </Callout>
      </div>
    )
  }
  if (mode === "template") {
    return (
      <div className="mc-composer mc-composer--locked" data-testid="chat-composer-template">
        <Callout compact icon="time" intent="warning" data-testid="chat-window-closed">
          {t("chat.thread.windowClosed")}
        </Callout>
        <Button intent="primary" icon="document" text={t("chat.composer.template")} onClick={onTemplate} data-testid="chat-template-open" />
      </div>
    )
  }

  const send = () => {
    const text = draft.trim()
    if (file) conversation.send({ type: "SEND", request: { kind: "media", file, caption: text || undefined } })
    else if (text) conversation.send({ type: "SEND", request: { kind: "text", text } })
    else return
    setDraft("")
    setFile(null)
    input.current?.focus()
  }
  const pick = (c: CannedMessage) => {
    setDraft(insertCanned(draft, c.text))
    input.current?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open && matches.length) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault()
        setActive((a) => (a + (event.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length)
        return
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault()
        pick(matches[active] ?? matches[0]!)
        return
      }
    }
    if (open && event.key === "Escape") {
      event.preventDefault()
      setDismissedAt(draft)
      return
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      send()
    }
  }

  return (
    <div className="mc-composer" data-testid="chat-composer">
      {open ? (
        <div className="mc-canned" role="dialog" aria-label={t("chat.composer.canned")} data-testid="chat-canned">
          {cannedFailure ? <ErrorCallout failure={cannedFailure} compact testId="chat-canned-error" /> : null}
          {cannedLoading ? (
            <div className="mc-chat-pad mc-muted">
              <Spinner size={14} /> {t("chat.composer.cannedLoading")}
            </div>
          ) : null}
          {!cannedFailure && !cannedLoading && matches.length === 0 ? (
            <div className="mc-chat-pad mc-muted">{t("chat.composer.cannedEmpty")}</div>
          ) : null}
          {matches.length ? (
            <Menu>
              {matches.map((c, i) => (
                <MenuItem
                  key={c.id}
                  active={i === active}
                  text={
                    <>
                      <strong>{c.title}</strong> <span className="mc-muted">{c.text}</span>
                    </>
                  }
                  label={c.shortcut ? `/${c.shortcut.replace(/^\//, "")}` : undefined}
                  onClick={() => pick(c)}
                  data-testid="chat-canned-item"
                />
              ))}
            </Menu>
          ) : null}
        </div>
      ) : null}
      {file ? (
        <div className="mc-attachment" data-testid="chat-attachment">
          <Icon icon={file.type.startsWith("image/") ? "media" : "document"} />
          <span className="mc-attachment-name">{file.name}</span>
          <Tag minimal className="mc-num">
            {fileSize(file.size)}
          </Tag>
          <Button variant="minimal" size="small" icon="cross" aria-label={t("chat.composer.remove")} onClick={() => setFile(null)} />
        </div>
      ) : null}
      <div className="mc-composer-row">
        <Button
          variant="minimal"
          icon="paperclip"
          aria-label={t("chat.composer.attach")}
          title={t("chat.composer.attach")}
          onClick={() => picker.current?.click()}
          data-testid="chat-attach"
        />
        <input
          ref={picker}
          type="file"
          hidden
          data-testid="chat-file"
          onChange={(e) => {
            const picked = e.currentTarget.files?.[0]
            e.currentTarget.value = ""
            if (picked) setFile(picked)
          }}
        />
        <TextArea
          inputRef={input}
          id="chat-composer"
          className="mc-composer-input"
          rows={1}
          autoResize
          dir="auto"
          value={draft}
          placeholder={file ? t("chat.composer.caption") : t("chat.composer.placeholder")}
          aria-label={t("chat.composer.label")}
          onChange={(e) => {
            setDraft(e.currentTarget.value)
            setActive(0)
            // The customer sees that the agent is typing (throttled by the conversation's agentTyping child).
            if (e.currentTarget.value.trim()) conversation.send({ type: "DRAFT" })
          }}
          onKeyDown={onKeyDown}
          data-testid="chat-input"
        />
        <Button
          variant="minimal"
          icon="document"
          aria-label={t("chat.composer.template")}
          title={t("chat.composer.template")}
          onClick={onTemplate}
          data-testid="chat-template-open"
        />
        <Button
          variant="minimal"
          icon="shop"
          aria-label={t("chat.composer.products")}
          title={t("chat.composer.products")}
          onClick={onProducts}
          data-testid="chat-products-open"
        />
        <Button
          intent="primary"
          icon="send-message"
          aria-label={t("chat.composer.send")}
          title={t("chat.composer.send")}
          onClick={send}
          disabled={!draft.trim() && !file}
          data-testid="chat-send"
          className="mc-send"
        />
        {scheduled ? (
          <SendLaterMenu actor={scheduled} draft={draft} disabled={!draft.trim() || file !== null} onScheduled={clearDraft} />
        ) : null}
      </div>
    </div>
  )
}
