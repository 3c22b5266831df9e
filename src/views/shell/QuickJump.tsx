/**
 * The quick-jump box over the shell: Ctrl+K (or the top bar's button) opens it on every screen this person may open,
 * by its title in the current language; the quick-jump machine narrows and moves the highlight, this view only
 * draws it and turns its `go` into a navigation.
 */
import { Button, Classes, Dialog, Icon, InputGroup } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useCallback, useEffect, useMemo, useRef } from "react"
import { useTranslation } from "react-i18next"
import { useNavigate } from "react-router-dom"
import { canonicalAddresses, companySections, routes } from "../../contract/routes"
import { selectUserAcl } from "../../machines/acl/acl-selectors"
import { COMPANY_DETAILS, isGranted } from "../../machines/acl/decide"
import { selectCompanySections } from "../../machines/onboarding/company-sections"
import type { JumpTarget } from "../../machines/shell/quick-jump-machine"
import { useAclActor, useQuickJumpActor } from "../common/actor-context"
import { useFormat } from "../common/format"
import { channelIconOf } from "../report-kit/channel-icons"
import { iconOfRoute } from "./route-icons"

const aliases = new Set(Object.keys(canonicalAddresses).map((path) => path.toLowerCase()))
const ownSections = new Set<string>(companySections)

/** The screens this person may open, titled in the current language; the company area's own sub-pages included. */
export const useJumpTargets = (): (() => readonly JumpTarget[]) => {
  const { t } = useTranslation()
  const acl = useAclActor()
  const userAcl = useSelector(acl, selectUserAcl)
  const sections = useSelector(acl, selectCompanySections)
  return useCallback(() => {
    if (userAcl === null) return []
    const screens = routes
      .filter((route) => !route.authFrame && isGranted(userAcl, route.path) && !aliases.has(route.path.toLowerCase()))
      .map((route) => ({ path: route.path, title: t(`routes.${route.key}`) }))
    const company = isGranted(userAcl, COMPANY_DETAILS)
      ? sections
          .filter((section) => ownSections.has(section) && !aliases.has(`${COMPANY_DETAILS}/${section}`.toLowerCase()))
          .map((section) => ({
            path: `${COMPANY_DETAILS}/${section}`,
            title: `${t("routes.companyDetails")} › ${t(`sections.${section}`)}`,
          }))
      : []
    return [...screens, ...company]
  }, [t, userAcl, sections])
}

export const QuickJump = () => {
  const { t } = useTranslation()
  const jump = useQuickJumpActor()
  const navigate = useNavigate()
  const targets = useJumpTargets()
  const open = useSelector(jump, (s) => s.matches("open"))
  const { query, matches, active } = useSelector(jump, (s) => s.context)
  const searching = useSelector(jump, (s) => s.matches({ open: "waiting" }) || s.matches({ open: "searching" }))
  const f = useFormat()

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault()
        jump.send({ type: "JUMP.OPEN", targets: targets() })
      }
    }
    window.addEventListener("keydown", onKey)
    return () => window.removeEventListener("keydown", onKey)
  }, [jump, targets])

  // Where the focus was when the box opened. Blueprint would give it back as the closing transition ends, which may
  // be after the next screen took the focus (a dialog opened there by its shortcut): the box gives it back itself,
  // and only when nothing else holds it by then.
  const before = useRef<Element | null>(null)
  useEffect(() => {
    if (open) before.current = document.activeElement
  }, [open])

  useEffect(() => {
    // A contact goes with the navigation: the contact book opens its page on arrival (ContactsView).
    const subscription = jump.on("go", (event) => navigate(event.path, event.contact ? { state: { contact: event.contact } } : undefined))
    return () => subscription.unsubscribe()
  }, [jump, navigate])

  const activeId = matches[active] ? `mc-jump-${active}` : undefined
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" })
  }, [activeId])
  const list = useMemo(
    () =>
      matches.map((match, index) => (
        <div
          key={match.conversation ? `conversation-${match.conversation.id}` : match.path}
          id={`mc-jump-${index}`}
          role="option"
          aria-selected={index === active}
          className={`mc-jump-option${index === active ? " mc-jump-active" : ""}`}
          data-testid="jump-option"
          data-path={match.path}
          data-conversation={match.conversation?.id}
          data-contact={match.contact?.id}
          onMouseDown={(event) => event.preventDefault()}
          tabIndex={-1}
          onClick={() => jump.send({ type: "JUMP.CHOOSE", index })}
          onKeyDown={(event) => {
            if (event.key === "Enter") jump.send({ type: "JUMP.CHOOSE", index })
          }}
        >
          {match.conversation ? (
            <>
              <Icon icon={channelIconOf(match.conversation.channel_type)} />
              <span>{match.conversation.name ?? f.phone(match.conversation.number)}</span>
              <span className={`mc-jump-detail ${Classes.TEXT_MUTED}`}>
                {t("shell.jumpConversation", {
                  number: f.phone(match.conversation.number),
                  channel: f.enumValue("channel", match.conversation.channel_type),
                })}
              </span>
            </>
          ) : match.contact ? (
            <>
              <Icon icon="person" />
              <span>{match.contact.name || f.phone(match.contact.number)}</span>
              <span className={`mc-jump-detail ${Classes.TEXT_MUTED}`}>
                {t("shell.jumpContact", { number: f.phone(match.contact.number) })}
              </span>
            </>
          ) : (
            <>
              <Icon icon={iconOfRoute(match.path.startsWith(COMPANY_DETAILS) ? "/apps/company-profile" : match.path) as never} />
              <span>{match.title}</span>
            </>
          )}
        </div>
      )),
    [matches, active, jump, f, t],
  )

  return (
    <Dialog
      isOpen={open}
      onClose={() => jump.send({ type: "JUMP.CLOSE" })}
      shouldReturnFocusOnClose={false}
      // Nothing took the focus since: it goes back where it was, or, when that control went away with the screen left
      // behind, to the new screen's content.
      onClosed={() =>
        requestAnimationFrame(() => {
          const focused = document.activeElement
          if (focused !== null && focused !== document.body) return
          const back = before.current
          if (back instanceof HTMLElement && back.isConnected && back !== document.body) back.focus()
          else document.getElementById("mc-content")?.focus()
        })
      }
      title={t("shell.jump")}
      className="mc-jump"
      data-testid="quick-jump"
    >
      <div className={Classes.DIALOG_BODY}>
        <InputGroup
          autoFocus
          large
          leftIcon="search"
          value={query}
          placeholder={t("shell.jumpPlaceholder")}
          aria-label={t("shell.jump")}
          role="combobox"
          aria-expanded
          aria-controls="mc-jump-list"
          aria-activedescendant={activeId}
          data-testid="jump-input"
          onChange={(event) => jump.send({ type: "JUMP.TYPE", query: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === "ArrowDown") jump.send({ type: "JUMP.NEXT" })
            else if (event.key === "ArrowUp") jump.send({ type: "JUMP.PREV" })
            else if (event.key === "Enter") jump.send({ type: "JUMP.CHOOSE" })
            else return
            event.preventDefault()
          }}
        />
        {matches.length === 0 && !searching ? (
          <p className={`mc-jump-none ${Classes.TEXT_MUTED}`} data-testid="jump-none">
            {t("shell.jumpNone")}
          </p>
        ) : (
          <div id="mc-jump-list" role="listbox" aria-label={t("shell.jump")} className="mc-jump-list" data-testid="jump-list">
            {list}
          </div>
        )}
        {searching && (
          <p className={`mc-jump-none ${Classes.TEXT_MUTED}`} data-testid="jump-searching">
            {t("shell.jumpSearching")}
          </p>
        )}
      </div>
    </Dialog>
  )
}

/** The top bar's way to the box, for who does not know Ctrl+K. */
export const QuickJumpButton = () => {
  const { t } = useTranslation()
  const jump = useQuickJumpActor()
  const targets = useJumpTargets()
  return (
    <Button
      variant="minimal"
      icon="search"
      className="mc-jump-button"
      // Named by what it shows, its key included (WCAG 2.5.3); by its title when a narrow window hides both.
      title={`${t("shell.jump")} (${t("shell.jumpHint")})`}
      aria-keyshortcuts="Control+K"
      data-testid="jump-open"
      onClick={() => jump.send({ type: "JUMP.OPEN", targets: targets() })}
    >
      <span className="mc-jump-label">{t("shell.jump")}</span>
      <kbd className="mc-jump-key">{t("shell.jumpHint")}</kbd>
    </Button>
  )
}
