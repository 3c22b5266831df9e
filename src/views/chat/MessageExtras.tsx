/**
 * What Meta's channels add to a message bubble: the link an Instagram message shares (a post, a reel, the story that
 * mentioned the account or that a reply answers), the ad a customer came from, a WhatsApp Flow's answers, and the
 * customer's reaction to the message.
 */
import { Icon, Tag } from "@blueprintjs/core"
import { useTranslation } from "react-i18next"
import type { Message } from "../../contract/schemas/chat"

const SHARED_KINDS = new Set(["share", "ig_post", "ig_reel", "reel", "story_mention", "story_reply"])

export const SharedLink = ({ message }: { message: Message }) => {
  const { t } = useTranslation()
  const shared = message.shared
  if (!shared) return null
  const label = t(`chat.bubble.shared.${SHARED_KINDS.has(shared.kind) ? shared.kind : "other"}`)
  return (
    <a className="mc-bubble-shared" href={shared.url} target="_blank" rel="noopener noreferrer" data-testid="chat-message-shared">
      <Icon icon={shared.kind === "story_mention" || shared.kind === "story_reply" ? "mobile-video" : "link"} size={12} />
      <span>{label}</span>
      {shared.title ? <bdi className="mc-muted">{shared.title}</bdi> : null}
    </a>
  )
}

export const MessageExtras = ({ message }: { message: Message }) => {
  const { t } = useTranslation()
  const fields = message.flow_fields ? Object.entries(message.flow_fields) : []
  return (
    <>
      {message.referral ? (
        <Tag minimal icon="announcement" className="mc-bubble-referral" data-testid="chat-message-referral">
          {t("chat.bubble.fromAd")}
          {message.referral.headline ? (
            <>
              : <bdi>{message.referral.headline}</bdi>
            </>
          ) : null}
        </Tag>
      ) : null}
      {fields.length ? (
        <dl className="mc-bubble-fields" aria-label={t("chat.bubble.flowAnswers")} data-testid="chat-message-flow">
          {fields.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </>
  )
}

export const Reaction = ({ message }: { message: Message }) => {
  const { t } = useTranslation()
  if (!message.reaction) return null
  const label = t("chat.bubble.reaction", { emoji: message.reaction.emoji })
  return (
    <span className="mc-bubble-reaction" role="img" aria-label={label} title={label} data-testid="chat-message-reaction">
      {message.reaction.emoji}
    </span>
  )
}
