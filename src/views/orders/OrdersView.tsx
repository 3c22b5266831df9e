/**
 * Orders (/admin-orders and the company sub-page orders): the orders on `report-orders` filtered by days, status and
 * search, exported as CSV; a row opens the `order-detail` page actor's dialog with the items, the total and a button
 * for each status the order may move to (only those: the contract's rule), the server's refusal shown as it words it.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, HTMLSelect, HTMLTable, Tag, type Intent } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import { ORDER_STATUSES, ORDER_TRANSITIONS } from "../../contract/order-status-rules"
import type { Order, OrderStatus } from "../../contract/schemas/commerce"
import { moneyText } from "../../contract/money"
import type { orderDetailMachine } from "../../machines/orders/order-detail"
import { type OrdersFilters, orderColumns } from "../../machines/orders/orders-list"
import type { AnyReportActor } from "../report-kit/report-hooks"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { PageHeader } from "../common/PageHeader"
import { useCellText } from "../report-kit/cell-text"
import { DateRange } from "../report-kit/DateRange"
import { ExportButton } from "../report-kit/ExportButton"
import { FilterProblem } from "../report-kit/FilterProblem"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { ReportFilters } from "../report-kit/ReportFilters"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import "../report-kit/report-kit.css"
import "./orders.css"

type DetailActor = ActorRefFrom<typeof orderDetailMachine>

const STATUS_INTENT: Record<OrderStatus, Intent> = {
  received: "primary",
  confirmed: "primary",
  preparing: "warning",
  shipped: "warning",
  delivered: "success",
  cancelled: "danger",
}

const StatusTag = ({ status }: { status: OrderStatus }) => {
  const { t } = useTranslation()
  return (
    <Tag minimal intent={STATUS_INTENT[status]} data-testid="order-status" data-status={status}>
      {t(`orders.statuses.${status}`)}
    </Tag>
  )
}

export const OrdersView = () => {
  const { t, i18n } = useTranslation()
  const text = useCellText()
  const list = useReportActor<AnyReportActor>("report-orders")
  const detail = usePageActor<DetailActor>("order-detail")
  const draft = useSelector(list, (s) => s.context.draft as OrdersFilters)
  const rows = useSelector(list, (s) => s.context.rows as readonly Order[])
  const change = (patch: Partial<OrdersFilters>) => list.send({ type: "FILTER.CHANGE", patch })
  return (
    <div className="mc-page mc-report" data-testid="orders-page">
      <PageHeader
        title={t("orders.title")}
        subtitle={t("orders.subtitle")}
        actions={<ExportButton actor={list} text={t("orders.export")} testId="orders-export" />}
      />
      <ReportFilters actor={list} testId="orders-filters">
        <ReportSearch actor={list} label={t("orders.search")} placeholder={t("orders.searchPlaceholder")} testId="orders-search" />
        <DateRange
          reversed
          testId="orders-range"
          start={draft.startDate}
          end={draft.endDate}
          onChange={(startDate, endDate) => change({ startDate, endDate })}
        />
        <label className="mc-report-field">
          <span>{t("orders.status")}</span>
          <HTMLSelect
            value={draft.status}
            onChange={(e) => change({ status: e.currentTarget.value as OrdersFilters["status"] })}
            data-testid="orders-status-filter"
          >
            <option value="">{t("orders.allStatuses")}</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`orders.statuses.${s}`)}
              </option>
            ))}
          </HTMLSelect>
        </label>
      </ReportFilters>
      <FilterProblem actor={list} />
      <ReportFailure actor={list} />
      <ReportTable
        actor={list}
        testId="orders-table"
        columns={orderColumns.map((c) => t(`orders.columns.${c.key}`))}
        emptyText={t("orders.empty")}
      >
        {rows.map((row) => (
          <tr
            key={row.id}
            data-testid="order-row"
            data-number={row.order_number}
            className="mc-order-row"
            onClick={() => detail?.send({ type: "OPEN", order: row })}
          >
            {orderColumns.map((c) => (
              <td
                key={c.key}
                data-col={c.key}
                className={c.key === "total" ? "mc-num" : undefined}
                dir={c.kind === "phone" || c.key === "number" ? "ltr" : undefined}
              >
                {c.key === "status" ? (
                  <StatusTag status={row.status} />
                ) : c.key === "total" ? (
                  moneyText(row.total, row.currency, i18n.language)
                ) : c.key === "number" ? (
                  <a
                    href={`#order-${row.id}`}
                    onClick={(e) => {
                      e.preventDefault()
                      detail?.send({ type: "OPEN", order: row })
                    }}
                  >
                    {row.order_number}
                  </a>
                ) : (
                  text(c.kind, c.value(row))
                )}
              </td>
            ))}
          </tr>
        ))}
      </ReportTable>
      {detail ? <OrderDialog detail={detail} /> : null}
    </div>
  )
}

const OrderDialog = ({ detail }: { detail: DetailActor }) => {
  const { t, i18n } = useTranslation()
  const text = useCellText()
  const failureText = useFailureText()
  const order = useSelector(detail, (s) => s.context.order)
  const open = useSelector(detail, (s) => s.hasTag("open"))
  const busy = useSelector(detail, (s) => s.hasTag("busy"))
  const target = useSelector(detail, (s) => s.context.target)
  const failure = useSelector(detail, (s) => s.context.failure)
  if (!order) return null
  const money = (minor: number) => moneyText(minor, order.currency, i18n.language)
  const moves = ORDER_TRANSITIONS[order.status]
  return (
    <Dialog
      isOpen={open}
      onClose={() => detail.send({ type: "CLOSE" })}
      title={t("orders.order", { number: order.order_number })}
      style={{ width: 640 }}
    >
      <div data-testid="order-dialog">
        <DialogBody>
          <p>
            <StatusTag status={order.status} /> <span className={Classes.TEXT_MUTED}>{text("date", order.created_at)}</span>
          </p>
          <p>
            {order.customer_name ? `${order.customer_name} · ` : ""}
            <span dir="ltr">{order.number}</span>
          </p>
          <HTMLTable compact striped className="mc-order-items" data-testid="order-items">
            <thead>
              <tr>
                <th>{t("orders.item")}</th>
                <th>{t("orders.retailerId")}</th>
                <th className="mc-num">{t("orders.quantity")}</th>
                <th className="mc-num">{t("orders.unitPrice")}</th>
                <th className="mc-num">{t("orders.amount")}</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item, i) => (
                // An order's lines have no id of their own; their place in the order is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
                <tr key={i} data-testid="order-item">
                  <td>{item.name}</td>
                  <td dir="ltr">{item.retailer_id ?? ""}</td>
                  <td className="mc-num">{item.quantity}</td>
                  <td className="mc-num">{money(item.unit_price)}</td>
                  <td className="mc-num">{money(item.unit_price * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={4}>{t("orders.total")}</th>
                <th className="mc-num" data-testid="order-total">
                  {money(order.total)}
                </th>
              </tr>
            </tfoot>
          </HTMLTable>
          {order.note ? <p>{order.note}</p> : null}
          {failure ? (
            <Callout intent="danger" data-testid="order-failure">
              {failureText(failure)}
            </Callout>
          ) : null}
          <p className={Classes.TEXT_MUTED}>{moves.length === 0 ? t("orders.final") : t("orders.movesHelp")}</p>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {moves.map((to) => (
                <Button
                  key={to}
                  intent={to === "cancelled" ? "danger" : "primary"}
                  text={t(`orders.moves.${to}`)}
                  loading={busy && target === to}
                  disabled={busy}
                  onClick={() => detail.send({ type: "MOVE", to })}
                  data-testid={`order-move-${to}`}
                />
              ))}
              <Button text={t("orders.close")} onClick={() => detail.send({ type: "CLOSE" })} data-testid="order-close" />
            </>
          }
        />
      </div>
    </Dialog>
  )
}
