/**
 * The super admin's business picker (page actor `business-picker`): a search box over every business, keyboard
 * operable as a combobox (arrows move, Enter chooses, Escape closes) and clickable. `onPick` hears each choice; the
 * machine holds the list, the query and the highlight (machines/platform/business-picker.ts). A form that keeps the
 * chosen business itself (billing, account limits) passes it as `clientId`, and the box shows it.
 */
import { Button, Callout, Classes, FormGroup, InputGroup, Spinner, Tag } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useEffect } from "react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import { type PickedBusiness, type businessPickerMachine, matchesOf } from "../../machines/platform/business-picker"
import { usePageActor } from "../common/actor-context"
import { ComboOption } from "../common/ComboOption"
import { useFailureText } from "../common/failure-text"
import "./platform.css"

type PickerActor = ActorRefFrom<typeof businessPickerMachine>

const LIST_ID = "business-picker-list"
const optionId = (id: number) => `business-picker-${id}`

export const BusinessPicker = ({
  onPick,
  clientId,
}: {
  readonly onPick: (business: PickedBusiness) => void
  /** The business the screen acts on, when the screen holds it. */
  readonly clientId?: number | null
}) => {
  const actor = usePageActor<PickerActor>("business-picker")
  useEffect(() => {
    if (!actor) return
    const subscription = actor.on("chosen", (e) => onPick(e.business))
    return () => subscription.unsubscribe()
  }, [actor, onPick])
  useEffect(() => {
    if (actor && clientId !== undefined) actor.send({ type: "SHOW", id: clientId })
  }, [actor, clientId])
  return actor ? <Picker actor={actor} /> : <Spinner size={16} />
}

const Picker = ({ actor }: { actor: PickerActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const state = useSelector(actor, (s) => s)
  const { businesses, query, highlighted, chosen, failure } = state.context
  if (state.matches("failed"))
    return (
      <Callout intent="danger" data-testid="business-picker-failed">
        {failure ? t("platform.picker.failed", { message: failureText(failure) }) : null}
        <Button text={t("platform.retry")} onClick={() => actor.send({ type: "RETRY" })} />
      </Callout>
    )
  const loading = state.matches("loading")
  const open = state.matches({ ready: "open" })
  const matches = matchesOf(businesses, query)
  const active = open ? matches[highlighted] : undefined
  const onKeyDown = (e: React.KeyboardEvent) => {
    const event =
      e.key === "ArrowDown"
        ? ({ type: open ? "HIGHLIGHT.MOVE" : "OPEN", by: 1 } as const)
        : e.key === "ArrowUp"
          ? ({ type: "HIGHLIGHT.MOVE", by: -1 } as const)
          : e.key === "Enter"
            ? ({ type: "CHOOSE.HIGHLIGHTED" } as const)
            : e.key === "Escape"
              ? ({ type: "CLOSE" } as const)
              : null
    if (!event) return
    e.preventDefault()
    actor.send(event)
  }
  return (
    <FormGroup label={t("platform.picker.label")} labelFor="business-picker-input" className="mc-platform-picker">
      <InputGroup
        id="business-picker-input"
        role="combobox"
        aria-expanded={open}
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={active ? optionId(active.id) : undefined}
        leftIcon="office"
        rightElement={loading ? <Spinner size={16} /> : undefined}
        placeholder={loading ? t("platform.picker.loading") : chosen ? chosen.name : t("platform.picker.placeholder")}
        value={open ? query : (chosen?.name ?? "")}
        disabled={loading}
        onFocus={() => actor.send({ type: "OPEN" })}
        onClick={() => actor.send({ type: "OPEN" })}
        onBlur={() => actor.send({ type: "CLOSE" })}
        onChange={(e) => actor.send({ type: "QUERY", text: e.currentTarget.value })}
        onKeyDown={onKeyDown}
        data-testid="business-picker-input"
      />
      {open ? (
        <div
          id={LIST_ID}
          role="listbox"
          className={`${Classes.MENU} mc-platform-picker-list ${Classes.ELEVATION_2}`}
          data-testid="business-picker-list"
        >
          {matches.length === 0 ? (
            <div className="mc-platform-picker-empty">{t("platform.picker.none", { query: query.trim() })}</div>
          ) : (
            matches.map((b, i) => (
              <ComboOption
                key={b.id}
                id={optionId(b.id)}
                active={i === highlighted}
                onHover={() => actor.send({ type: "HIGHLIGHT.SET", index: i })}
                onChoose={() => actor.send({ type: "CHOOSE", id: b.id })}
                testId="business-picker-option"
              >
                <span className={Classes.FILL}>
                  <bdi>{b.name}</bdi>
                </span>
                {b.active ? null : <Tag minimal>{t("platform.picker.inactive")}</Tag>}
                <span className={Classes.MENU_ITEM_LABEL} dir="ltr">
                  #{b.id}
                </span>
              </ComboOption>
            ))
          )}
        </div>
      ) : null}
    </FormGroup>
  )
}
