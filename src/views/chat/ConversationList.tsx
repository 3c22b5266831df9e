/**
 * The left pane: the three boxes (mine / unassigned / all) with their counts, search and filters, and the
 * conversations. Rows have one fixed height, so the list is windowed by hand: only the rows in view (plus a margin)
 * are in the DOM, and thousands of conversations scroll as fast as ten.
 */
import { memo, useMemo, useRef, useState, useEffect, type UIEvent } from "react"
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, HTMLSelect, InputGroup, Icon, NonIdealState, Spinner, Tag } from "@blueprintjs/core"
import type { Conversation, ConversationStatus } from "../../contract/schemas/chat"
import type { Channel } from "../../contract/schemas/common"
import { clockTime, dayKey } from "../../machines/chat/chat-format"
import { visibleConversations, type Box } from "../../machines/chat/chat-logic"
import { labelOptions } from "../../machines/chat/chat-selectors"
import type { Label } from "../../contract/schemas/tagging"
import { ErrorCallout, type InboxRef } from "./chat-hooks"
import { SlaCountdown, SlaWatch } from "../sla/SlaCountdown"

const ROW = 68
const MARGIN = 6
const CHANNELS: readonly Channel[] = ["whatsapp", "facebook", "instagram", "sms", "webchat"]
const STATUSES: readonly ConversationStatus[] = ["unassigned", "active", "ongoing", "closed"]

const initials = (c: Conversation) =>
  (c.name ?? c.number)
    .replace(/[^\p{L}\p{N}]/gu, " ")
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0])
    .join("")
    .toUpperCase() || "#"

const Row = memo(function Row({
  c,
  selected,
  showStatus,
  onSelect,
}: {
  c: Conversation
  selected: boolean
  showStatus: boolean
  onSelect: (id: number) => void
}) {
  const { t } = useTranslation()
  const when = c.last_message_at ?? c.started_at
  const today = dayKey(new Date().toISOString()) === dayKey(when)
  return (
    <button
      type="button"
      className={`mc-conv${selected ? " mc-conv--selected" : ""}${c.unread ? " mc-conv--unread" : ""}`}
      onClick={() => onSelect(c.id)}
      aria-current={selected ? "true" : undefined}
      data-testid="chat-conversation"
      data-id={c.id}
      data-number={c.number}
      style={{ height: ROW }}
    >
      <span className={`mc-chat-avatar mc-chat-avatar--${c.channel_type}`} aria-hidden="true">
        {initials(c)}
      </span>
      <span className="mc-conv-main">
        <span className="mc-conv-top">
          <span className="mc-conv-name">{c.name ?? <span className="mc-num">{c.number}</span>}</span>
          <time className="mc-conv-time mc-num" dateTime={when}>
            {today ? clockTime(when) : dayKey(when).slice(5)}
          </time>
        </span>
        <span className="mc-conv-bottom">
          <span className="mc-conv-preview">
            {c.blocked ? <Icon icon="disable" size={12} title={t("chat.inbox.blocked")} /> : null}{" "}
            {c.last_message ?? t("chat.inbox.noPreview")}
          </span>
          {showStatus ? (
            <Tag minimal className="mc-conv-status">
              {t(`chat.statuses.${c.status}`)}
            </Tag>
          ) : null}
          {c.status === "closed" ? null : <SlaCountdown conversationId={c.id} compact />}
          {c.unread ? (
            <span className="mc-unread" role="img" aria-label={t("chat.inbox.unread", { count: c.unread })} data-testid="chat-unread">
              {c.unread}
            </span>
          ) : null}
        </span>
      </span>
    </button>
  )
})

export const ConversationList = ({ inbox, labels }: { inbox: InboxRef; labels: readonly Label[] }) => {
  const { t } = useTranslation()
  const filters = useSelector(inbox, (s) => s.context.filters)
  const all = useSelector(inbox, (s) => s.context.conversations)
  const userId = useSelector(inbox, (s) => s.context.userId)
  const selectedId = useSelector(inbox, (s) => s.context.selectedId)
  const total = useSelector(inbox, (s) => s.context.total)
  const failure = useSelector(inbox, (s) => s.context.failure)
  const loading = useSelector(inbox, (s) => s.hasTag("loading"))
  const loadingMore = useSelector(inbox, (s) => s.hasTag("loadingMore"))
  const list = useMemo(() => visibleConversations(all, filters, userId), [all, filters, userId])
  const counts = useSelector(inbox, (s) => s.context.boxCounts)
  const labelNames = useMemo(() => labelOptions(all, labels), [all, labels])
  const [search, setSearch] = useState(filters.search)
  const scroller = useRef<HTMLDivElement>(null)
  const [top, setTop] = useState(0)
  const [height, setHeight] = useState(600)
  const hasMore = list.length < total

  // Search as the agent types, without a request per key.
  useEffect(() => {
    if (search === filters.search) return
    const timer = setTimeout(() => inbox.send({ type: "FILTER", patch: { search } }), 250)
    return () => clearTimeout(timer)
  }, [search, filters.search, inbox])

  useEffect(() => {
    const el = scroller.current
    if (!el) return
    const observer = new ResizeObserver(() => setHeight(el.clientHeight))
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  // The selected row stays in view when moving with the keyboard.
  useEffect(() => {
    const el = scroller.current
    const at = list.findIndex((c) => c.id === selectedId)
    if (!el || at < 0) return
    if (at * ROW < el.scrollTop) el.scrollTop = at * ROW
    else if ((at + 1) * ROW > el.scrollTop + el.clientHeight) el.scrollTop = (at + 1) * ROW - el.clientHeight
  }, [selectedId, list])

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const el = event.currentTarget
    setTop(el.scrollTop)
    if (hasMore && !loadingMore && el.scrollTop + el.clientHeight > el.scrollHeight - ROW * 3) inbox.send({ type: "LOAD_MORE" })
  }
  const first = Math.max(0, Math.floor(top / ROW) - MARGIN)
  const last = Math.min(list.length, Math.ceil((top + height) / ROW) + MARGIN)
  // The SLA clocks of the open conversations in view, and of the one open in the thread.
  const watched = useMemo(
    () =>
      [
        ...new Set([
          ...list
            .slice(first, last)
            .filter((c) => c.status !== "closed")
            .map((c) => c.id),
          ...(selectedId ? [selectedId] : []),
        ]),
      ].sort((a, b) => a - b),
    [list, first, last, selectedId],
  )
  const select = (id: number) => inbox.send({ type: "SELECT", id })
  const box = (b: Box) => inbox.send({ type: "FILTER", patch: { box: b, status: null } })

  return (
    <section className="mc-chat-list" aria-label={t("chat.inbox.label")}>
      <div className="mc-chat-boxes" role="tablist">
        {(["mine", "unassigned", "all"] as const).map((b) => (
          <button
            key={b}
            type="button"
            role="tab"
            aria-selected={filters.box === b}
            className={`mc-chat-box${filters.box === b ? " mc-chat-box--on" : ""}`}
            onClick={() => box(b)}
            data-testid={`chat-box-${b}`}
          >
            {t(`chat.inbox.${b}`)}
            {counts?.[b] ? (
              <span className="mc-box-count" data-testid={`chat-box-count-${b}`}>
                {counts[b]}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div className="mc-chat-filters">
        <InputGroup
          leftIcon="search"
          type="search"
          placeholder={t("chat.inbox.search")}
          aria-label={t("chat.inbox.search")}
          value={search}
          onValueChange={setSearch}
          data-testid="chat-search"
          id="chat-search"
        />
        <div className="mc-chat-filter-row">
          <HTMLSelect
            aria-label={t("chat.inbox.channel")}
            value={filters.channel ?? ""}
            data-testid="chat-filter-channel"
            onChange={(e) => inbox.send({ type: "FILTER", patch: { channel: (e.currentTarget.value || null) as Channel | null } })}
          >
            <option value="">{t("chat.inbox.anyChannel")}</option>
            {CHANNELS.map((c) => (
              <option key={c} value={c}>
                {t(`chat.channels.${c}`)}
              </option>
            ))}
          </HTMLSelect>
          <HTMLSelect
            aria-label={t("chat.inbox.labelFilter")}
            value={filters.label ?? ""}
            data-testid="chat-filter-label"
            onChange={(e) => inbox.send({ type: "FILTER", patch: { label: e.currentTarget.value || null } })}
          >
            <option value="">{t("chat.inbox.anyLabel")}</option>
            {labelNames.map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </HTMLSelect>
          {filters.box === "all" ? (
            <HTMLSelect
              aria-label={t("chat.inbox.status")}
              value={filters.status ?? ""}
              data-testid="chat-filter-status"
              onChange={(e) =>
                inbox.send({
                  type: "FILTER",
                  patch: { status: (e.currentTarget.value || null) as ConversationStatus | null },
                })
              }
            >
              <option value="">{t("chat.inbox.anyStatus")}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`chat.statuses.${s}`)}
                </option>
              ))}
            </HTMLSelect>
          ) : null}
        </div>
      </div>
      {failure ? (
        <div className="mc-chat-pad">
          <ErrorCallout failure={failure} compact onRetry={() => inbox.send({ type: "RELOAD" })} testId="chat-list-error" />
        </div>
      ) : null}
      <SlaWatch ids={watched} />
      <div className="mc-chat-rows" ref={scroller} onScroll={onScroll} data-testid="chat-list" data-count={list.length}>
        {loading && list.length === 0 ? (
          <div className="mc-chat-pad mc-muted">
            <Spinner size={16} /> {t("chat.inbox.loading")}
          </div>
        ) : null}
        {!loading && !failure && list.length === 0 ? <NonIdealState icon="inbox" title={t("chat.inbox.empty")} /> : null}
        <div style={{ height: list.length * ROW + (hasMore ? 44 : 0), position: "relative" }}>
          <div style={{ position: "absolute", insetInline: 0, top: first * ROW }}>
            {list.slice(first, last).map((c) => (
              <Row key={c.id} c={c} selected={c.id === selectedId} showStatus={filters.box === "all"} onSelect={select} />
            ))}
          </div>
          {hasMore ? (
            <div className="mc-chat-more" style={{ position: "absolute", top: list.length * ROW, insetInline: 0 }}>
              <Button
                variant="minimal"
                loading={loadingMore}
                text={t("chat.inbox.loadMore")}
                onClick={() => inbox.send({ type: "LOAD_MORE" })}
                data-testid="chat-load-more"
              />
            </div>
          ) : null}
        </div>
      </div>
    </section>
  )
}
