/** The chats tab: the agent's groups and colleagues with unread counts, or the open thread with paging and the composer. */
import { Button, Callout, Classes, Icon, Menu, MenuDivider, MenuItem, NonIdealState, Spinner, Tag, TextArea } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect, useRef } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { teamChatMachine } from "../../machines/agent-groups/team-chat-machine"
import type { Line } from "../../machines/agent-groups/team-lines"
import { formatDateTime } from "../../machines/report-kit/format"
import { useFailureText } from "../common/failure-text"

export type TeamActor = ActorRefFrom<typeof teamChatMachine>

export const TeamChatPanel = ({ actor }: { actor: TeamActor }) => {
  const open = useSelector(actor, (s) => s.context.thread !== null)
  return open ? <ThreadView actor={actor} /> : <ThreadList actor={actor} />
}

const nameOf = (u: { display_name: string | null; username: string }) => u.display_name || u.username

const ThreadList = ({ actor }: { actor: TeamActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const groups = useSelector(actor, (s) => s.context.groups)
  const colleagues = useSelector(actor, (s) => s.context.colleagues)
  const loading = useSelector(actor, (s) => s.matches({ lists: "loading" }) && s.context.groups.length + s.context.colleagues.length === 0)
  const failure = useSelector(actor, (s) => (s.matches({ lists: "failed" }) ? s.context.listsFailure : null))
  if (loading) return <Spinner size={24} className="mc-team-spinner" />
  const count = (n: number, testId: string) =>
    n > 0 ? (
      <Tag round intent="primary" data-testid={testId}>
        {n}
      </Tag>
    ) : undefined
  return (
    <div className="mc-team-list" data-testid="team-list">
      {failure ? (
        <Callout intent="danger" className="mc-team-callout">
          {failureText(failure)} <Button size="small" text={t("agentGroups.retry")} onClick={() => actor.send({ type: "RETRY" })} />
        </Callout>
      ) : null}
      <Menu>
        <MenuDivider title={t("agentGroups.groups")} />
        {groups.length === 0 ? <MenuItem disabled text={t("agentGroups.noGroups")} /> : null}
        {groups.map((g) => (
          <MenuItem
            key={`g${g.id}`}
            icon="people"
            text={g.name}
            label={t("agentGroups.members", { count: g.members_count })}
            labelElement={count(g.unread, "team-unread")}
            data-testid="team-group"
            data-name={g.name}
            onClick={() => actor.send({ type: "SELECT", thread: { kind: "group", id: g.id } })}
          />
        ))}
        <MenuDivider title={t("agentGroups.colleagues")} />
        {colleagues.length === 0 ? <MenuItem disabled text={t("agentGroups.noColleagues")} /> : null}
        {colleagues.map((c) => (
          <MenuItem
            key={`u${c.id}`}
            icon={
              <span
                className={`mc-team-dot${c.online ? " mc-team-dot-on" : ""}`}
                title={t(c.online ? "agentGroups.online" : "agentGroups.offline")}
              />
            }
            text={nameOf(c)}
            labelElement={count(c.unread, "team-unread")}
            data-testid="team-colleague"
            data-name={c.username}
            onClick={() => actor.send({ type: "SELECT", thread: { kind: "user", id: c.id } })}
          />
        ))}
      </Menu>
    </div>
  )
}

const ThreadView = ({ actor }: { actor: TeamActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const title = useSelector(actor, (s) => {
    const thread = s.context.thread
    if (!thread) return ""
    if (thread.kind === "group") return s.context.groups.find((g) => g.id === thread.id)?.name ?? ""
    const peer = s.context.colleagues.find((c) => c.id === thread.id)
    return peer ? nameOf(peer) : ""
  })
  const lines = useSelector(actor, (s) => s.context.lines)
  const loading = useSelector(actor, (s) => s.matches({ thread: "loading" }) && s.context.lines.length === 0)
  const older = useSelector(actor, (s) => s.matches({ thread: "older" }))
  const hasMore = useSelector(actor, (s) => s.context.hasMore)
  const failure = useSelector(actor, (s) => (s.matches({ thread: "failed" }) ? s.context.threadFailure : null))
  const draft = useSelector(actor, (s) => s.context.draft)
  const sending = useSelector(actor, (s) => s.matches({ composer: "sending" }))
  const sendFailure = useSelector(actor, (s) => s.context.sendFailure)
  const end = useRef<HTMLDivElement>(null)
  const newest = lines[lines.length - 1]?.id
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the newest line changes, not when older ones arrive
  useEffect(() => {
    end.current?.scrollIntoView({ block: "end" })
  }, [newest])
  const send = () => actor.send({ type: "SEND" })
  return (
    <div className="mc-team-thread" data-testid="team-thread">
      <div className="mc-team-thread-head">
        <Button
          variant="minimal"
          icon="arrow-left"
          className="mc-team-back"
          aria-label={t("agentGroups.back")}
          title={t("agentGroups.back")}
          data-testid="team-back"
          onClick={() => actor.send({ type: "BACK" })}
        />
        <strong data-testid="team-thread-title">{title}</strong>
      </div>
      <div className="mc-team-lines" data-testid="team-lines">
        {hasMore ? (
          <Button
            variant="minimal"
            size="small"
            loading={older}
            text={t(older ? "agentGroups.loadingOlder" : "agentGroups.older")}
            onClick={() => actor.send({ type: "OLDER" })}
            data-testid="team-older"
            className="mc-team-older"
          />
        ) : null}
        {loading ? <Spinner size={24} className="mc-team-spinner" /> : null}
        {failure ? (
          <Callout intent="danger" className="mc-team-callout">
            {failureText(failure)} <Button size="small" text={t("agentGroups.retry")} onClick={() => actor.send({ type: "RETRY" })} />
          </Callout>
        ) : null}
        {!loading && !failure && lines.length === 0 ? <NonIdealState icon="chat" description={t("agentGroups.emptyThread")} /> : null}
        {lines.map((line) => (
          <Bubble key={line.id} line={line} />
        ))}
        <div ref={end} />
      </div>
      {sendFailure ? (
        <Callout intent="danger" className="mc-team-callout" data-testid="team-send-failure">
          {failureText(sendFailure)}
        </Callout>
      ) : null}
      <form
        className="mc-team-composer"
        onSubmit={(event) => {
          event.preventDefault()
          send()
        }}
      >
        <TextArea
          fill
          autoResize
          value={draft}
          placeholder={t("agentGroups.write")}
          aria-label={t("agentGroups.write")}
          maxLength={4096}
          data-testid="team-draft"
          onChange={(event) => actor.send({ type: "DRAFT", text: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey) {
              event.preventDefault()
              send()
            }
          }}
        />
        <Button
          type="submit"
          intent="primary"
          icon="send-message"
          loading={sending}
          disabled={!draft.trim()}
          aria-label={t("agentGroups.send")}
          title={t("agentGroups.send")}
          data-testid="team-send"
        />
      </form>
    </div>
  )
}

const Bubble = ({ line }: { line: Line }) => {
  const { t } = useTranslation()
  return (
    <div className={`mc-team-bubble${line.mine ? " mc-team-mine" : ""}`} data-testid="team-line">
      {line.author && !line.mine ? <div className="mc-team-author">{line.author}</div> : null}
      <div className="mc-team-text" dir="auto">
        {line.text}
      </div>
      <div className={`mc-team-meta ${Classes.TEXT_MUTED}`}>
        <bdi>{formatDateTime(line.dt)}</bdi>
        {line.read !== null ? (
          <Icon
            icon={line.read ? "tick-circle" : "tick"}
            size={12}
            title={t(line.read ? "agentGroups.read" : "agentGroups.sent")}
            data-testid="team-tick"
            data-read={line.read}
          />
        ) : null}
      </div>
    </div>
  )
}
