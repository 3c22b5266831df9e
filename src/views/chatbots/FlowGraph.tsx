/** The flow as a graph a person can follow: boxes per node, arrows with their choice, zoom buttons; a click selects a node. */
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, ButtonGroup } from "@blueprintjs/core"
import type { BotFlow } from "../../contract/schemas/chatbots"
import { NODE_H, NODE_W, layoutOf } from "../../machines/chatbots/flow-layout"

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5]

export const FlowGraph = ({ flow, selected, onSelect }: { flow: BotFlow; selected: string | null; onSelect: (id: string) => void }) => {
  const { t } = useTranslation()
  const [zoom, setZoom] = useState(2)
  const layout = layoutOf(flow)
  const at = new Map(layout.nodes.map((p) => [p.node.id, p]))
  const scale = ZOOMS[zoom]
  const pad = 24
  return (
    <div className="mc-bot-graph" data-testid="bot-graph">
      <ButtonGroup className="mc-bot-zoom">
        <Button icon="zoom-out" aria-label={t("chatbots.zoomOut")} disabled={zoom === 0} onClick={() => setZoom(zoom - 1)} />
        <Button icon="zoom-in" aria-label={t("chatbots.zoomIn")} disabled={zoom === ZOOMS.length - 1} onClick={() => setZoom(zoom + 1)} />
      </ButtonGroup>
      <div className="mc-bot-graph-scroll">
        <svg
          width={(layout.width + pad * 2) * scale}
          height={(layout.height + pad * 2) * scale}
          viewBox={`${-pad} ${-pad} ${layout.width + pad * 2} ${layout.height + pad * 2}`}
          role="img"
          aria-label={t("chatbots.graph")}
          direction="ltr"
        >
          <defs>
            <marker id="mc-bot-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill="#5f6b7c" />
            </marker>
          </defs>
          {layout.arrows.map((a) => {
            const from = at.get(a.from)!
            const to = at.get(a.to)!
            const back = to.x <= from.x
            const x1 = from.x + NODE_W
            const y1 = from.y + NODE_H / 2
            const x2 = back ? to.x + NODE_W / 2 : to.x
            const y2 = back ? to.y + NODE_H : to.y + NODE_H / 2
            const path = back
              ? `M ${x1} ${y1} C ${x1 + 60} ${y1 + 80}, ${x2} ${y2 + 80}, ${x2} ${y2}`
              : `M ${x1} ${y1} C ${x1 + 40} ${y1}, ${x2 - 40} ${y2}, ${x2} ${y2}`
            return (
              <g key={`${a.from}-${a.to}-${a.label}`} data-testid="bot-arrow">
                <path d={path} fill="none" stroke="#5f6b7c" strokeWidth={1.5} markerEnd="url(#mc-bot-arrow)" />
                {a.label ? (
                  <text x={(x1 + x2) / 2} y={(y1 + y2) / 2 - 4} fontSize={11} textAnchor="middle" fill="#404854">
                    {a.label === "yes" || a.label === "no" ? t(`chatbots.${a.label}`) : a.label}
                  </text>
                ) : null}
              </g>
            )
          })}
          {layout.nodes.map((p) => (
            // biome-ignore lint/a11y/useSemanticElements: an SVG group cannot be a button element
            <g
              key={p.node.id}
              transform={`translate(${p.x} ${p.y})`}
              onClick={() => onSelect(p.node.id)}
              className={`mc-bot-node mc-bot-node--${p.node.kind}${p.node.id === selected ? " mc-bot-node--selected" : ""}${p.reachable ? "" : " mc-bot-node--lost"}`}
              data-testid="bot-node"
              data-node={p.node.id}
              role="button"
              tabIndex={0}
              onKeyDown={(e) => (e.key === "Enter" ? onSelect(p.node.id) : undefined)}
            >
              <rect width={NODE_W} height={NODE_H} rx={8} />
              <text x={10} y={20} fontSize={11} className="mc-bot-node-kind">
                {t(`chatbots.kinds.${p.node.kind}`)}
                {p.node.id === flow.start ? ` · ${t("chatbots.start")}` : ""}
              </text>
              <text x={10} y={42} fontSize={13}>
                {summaryOf(p.node, t).slice(0, 24)}
              </text>
            </g>
          ))}
        </svg>
      </div>
    </div>
  )
}

const summaryOf = (node: BotFlow["nodes"][number], t: (key: string) => string): string => {
  switch (node.kind) {
    case "message":
    case "question":
      return node.text
    case "condition":
      return node.test.on === "attribute" ? `${node.test.attribute} ${node.test.op}` : node.test.on
    case "action":
      return t(`chatbots.actions.${node.action.do}`)
    case "handoff":
      return node.text ?? node.id
  }
}
