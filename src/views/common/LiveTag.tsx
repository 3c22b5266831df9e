/**
 * A minimal tag whose words change while it is on screen (a clock, a countdown), drawn with Blueprint's tag classes
 * alone and its CSS ellipsis. Blueprint's Tag measures its text after every change to decide on a tooltip: a layout
 * forced in React's commit and a second render, each second on every card or row that shows a clock.
 */
import { Classes, Icon, type IconName, type Intent } from "@blueprintjs/core"
import type { HTMLAttributes, ReactNode } from "react"

export interface LiveTagProps extends Omit<HTMLAttributes<HTMLSpanElement>, "className"> {
  readonly intent?: Intent
  readonly round?: boolean
  readonly icon?: IconName
  readonly children: ReactNode
}

export const LiveTag = ({ intent, round = false, icon, children, ...rest }: LiveTagProps) => (
  <span
    {...rest}
    className={[Classes.TAG, Classes.MINIMAL, Classes.intentClass(intent), round ? Classes.ROUND : null].filter(Boolean).join(" ")}
  >
    {icon ? <Icon icon={icon} /> : null}
    <span className={`${Classes.FILL} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{children}</span>
  </span>
)
