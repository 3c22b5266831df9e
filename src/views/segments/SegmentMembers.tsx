/**
 * A segment's members in a dialog (the `segment-members` page actor, a report-kit list): its contacts now, paged,
 * beside the count the segment list showed. Opened from the list's member count.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Dialog, DialogBody } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Segment } from "../../contract/schemas/tagging"
import { formatDateTime } from "../../machines/report-kit/format"
import type { segmentMembersMachine } from "../../machines/segments/segment-members"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"

export type MembersActor = ActorRefFrom<typeof segmentMembersMachine>

/** Points the members report at a segment (its first page) before the dialog shows it. */
export const showMembers = (actor: MembersActor, segment: Segment) => {
  actor.send({ type: "FILTER.CHANGE", patch: { segment: String(segment.id) } })
  actor.send({ type: "FILTER.APPLY" })
}

const Members = ({ actor, segment }: { actor: MembersActor; segment: Segment }) => {
  const { t } = useTranslation()
  const rows = useSelector(actor, (s) => s.context.rows)
  const total = useSelector(actor, (s) => s.context.total)
  const columns = [t("segments.memberName"), t("segments.memberNumber"), t("segments.memberChannel"), t("segments.memberAdded")]
  return (
    <>
      <p data-testid="segment-members-total">{t("segments.membersNow", { count: total, listed: segment.customers })}</p>
      <ReportFailure actor={actor} />
      <ReportTable actor={actor} testId="segment-members-table" columns={columns} emptyText={t("segments.noMembers")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="segment-member">
            <td>{row.name ?? ""}</td>
            <td className="mc-num" dir="ltr" data-testid="segment-member-number">
              {row.number}
            </td>
            <td>{t(`segments.channels.${row.channel_type}`)}</td>
            <td className="mc-num">{formatDateTime(row.created_at)}</td>
          </tr>
        ))}
      </ReportTable>
    </>
  )
}

export const SegmentMembersDialog = ({
  actor,
  segment,
  onClose,
}: {
  actor: MembersActor
  segment: Segment | null
  onClose: () => void
}) => {
  const { t } = useTranslation()
  return (
    <Dialog
      isOpen={segment !== null}
      onClose={onClose}
      title={t("segments.membersOf", { name: segment?.name ?? "" })}
      style={{ width: 760 }}
    >
      <DialogBody>{segment ? <Members actor={actor} segment={segment} /> : null}</DialogBody>
    </Dialog>
  )
}
