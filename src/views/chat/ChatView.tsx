/**
 * /apps/chat: the agent's live inbox in three panes (conversations, thread, customer). The panes read the inbox
 * actor and the selected conversation's actor; the keyboard moves of SHORTCUTS work anywhere on the page.
 */
import { useCallback, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, NonIdealState, Tag } from "@blueprintjs/core"
import type { Label } from "../../contract/schemas/tagging"
import { composerMode, mayClose, mayTake } from "../../machines/chat/chat-selectors"
import { opensHelp } from "../../machines/shell/shortcuts-machine"
import { ConversationList } from "./ConversationList"
import { CustomerPanel } from "./CustomerPanel"
import { ThreadPane } from "./ThreadPane"
import { ShortcutsDialog, shortcutOf } from "./ShortcutsDialog"
import type { DialogKind } from "./ActionDialogs"
import { useInbox, useLookup, useLookupRef, type InboxRef } from "./chat-hooks"
import { isTypingTarget } from "../shell/typing"
import { useShortcutsActor } from "../common/actor-context"
import { PageHeader } from "../common/PageHeader"
import "./chat.css"
import "./inbox.css"

const Inbox = ({ inbox }: { inbox: InboxRef }) => {
  const { t } = useTranslation()
  const userId = useSelector(inbox, (s) => s.context.userId)
  const selectedId = useSelector(inbox, (s) => s.context.selectedId)
  const selected = useSelector(inbox, (s) => (s.context.selectedId !== null ? (s.context.open[s.context.selectedId] ?? null) : null))
  const customer = useSelector(inbox, (s) => s.context.customer)
  const connection = useSelector(inbox, (s) => s.context.connection)
  const labelsRef = useLookupRef("labels")
  const { items: labels } = useLookup(labelsRef, "labels")
  const choices = useSelector(useShortcutsActor(), (s) => s.context)
  const [help, setHelp] = useState(false)
  const [dialogOn, setDialogOn] = useState<{ kind: DialogKind; id: number } | null>(null)
  const [panel, setPanel] = useState(true)

  useEffect(() => labelsRef.send({ type: "NEED" }), [labelsRef])
  // A dialog belongs to the conversation it was opened on: moving to another one closes it.
  const dialog = dialogOn && dialogOn.id === selectedId ? dialogOn.kind : null
  const setDialog = useCallback(
    (kind: DialogKind | null) => setDialogOn(kind && selectedId !== null ? { kind, id: selectedId } : null),
    [selectedId],
  )

  const onKey = useCallback(
    (event: KeyboardEvent) => {
      if (document.querySelector(".bp6-overlay-open .bp6-dialog") && event.key !== "Escape") return
      const action = shortcutOf(event, isTypingTarget(event.target), choices)
      if (!action) return
      event.preventDefault()
      const conversation = selected?.getSnapshot().context.conversation
      switch (action) {
        case "next":
          return inbox.send({ type: "NEXT" })
        case "previous":
          return inbox.send({ type: "PREVIOUS" })
        case "help":
          return setHelp(true)
        case "search":
          return document.getElementById("chat-search")?.focus()
        case "focus":
          return document.getElementById("chat-composer")?.focus()
        case "take":
          if (conversation && selected && mayTake(conversation, userId)) selected.send({ type: "ACT", action: { op: "take" } })
          return
        case "close":
          if (conversation && mayClose(conversation)) setDialog("close")
          return
        case "labels":
          if (conversation) setDialog("labels")
          return
      }
    },
    [inbox, selected, userId, setDialog, choices],
  )

  useEffect(() => {
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [onKey])

  // After a move to another conversation, the composer is where the agent types next.
  useEffect(() => {
    if (!selected) return
    const mode = composerMode(selected.getSnapshot().context.conversation, userId)
    if (mode === "text" && !isTypingTarget(document.activeElement)) document.getElementById("chat-composer")?.focus()
  }, [selected, userId])

  return (
    <div
      className={`mc-inbox${panel && customer && selected ? "" : " mc-inbox--no-panel"}`}
      data-testid="chat-inbox"
      data-connection={connection}
    >
      <ConversationList inbox={inbox} labels={labels as readonly Label[]} />
      <div className="mc-inbox-center">
        <div className="mc-inbox-bar">
          <Tag
            minimal
            round
            intent={connection === "connected" ? "success" : "warning"}
            icon={connection === "connected" ? "feed" : "offline"}
            data-testid="chat-connection"
          >
            {connection === "connected"
              ? t("chat.inbox.live")
              : connection === "connecting"
                ? t("chat.inbox.connecting")
                : t("chat.inbox.offline")}
          </Tag>
          <span className="mc-inbox-bar-spacer" />
          <Button
            variant="minimal"
            icon="key"
            aria-label={t("chat.shortcuts.open", { key: choices.helpKey })}
            title={t("chat.shortcuts.open", { key: choices.helpKey })}
            aria-keyshortcuts={opensHelp(choices, choices.helpKey) ? `${choices.helpKey} F1` : "F1"}
            onClick={() => setHelp(true)}
            data-testid="chat-help"
          />
          <Button
            variant="minimal"
            icon={panel ? "menu-open" : "menu-closed"}
            aria-label={t("chat.thread.customerPanel")}
            title={t("chat.thread.customerPanel")}
            onClick={() => setPanel((p) => !p)}
            aria-pressed={panel}
          />
        </div>
        {selected ? (
          <ThreadPane key={selectedId ?? 0} actor={selected} userId={userId} dialog={dialog} setDialog={setDialog} />
        ) : (
          <NonIdealState
            icon="chat"
            title={t("chat.inbox.selectTitle")}
            description={t("chat.inbox.selectBody")}
            className="mc-inbox-empty"
          />
        )}
      </div>
      {panel && customer && selected ? <CustomerPanel customer={customer} /> : null}
      <ShortcutsDialog isOpen={help} onClose={() => setHelp(false)} choices={choices} />
    </div>
  )
}

export const ChatView = () => {
  const { t } = useTranslation()
  const inbox = useInbox()
  const on = useSelector(inbox ?? undefined, (s) => (s ? s.hasTag("on") : false))
  return (
    <div className="mc-page mc-chat-page">
      <PageHeader title={t("chat.title")} />
      {inbox && on ? (
        <Inbox inbox={inbox} />
      ) : (
        <Callout intent="warning" icon="lock" data-testid="chat-off">
          {t("chat.inbox.connecting")}
        </Callout>
      )}
    </div>
  )
}
