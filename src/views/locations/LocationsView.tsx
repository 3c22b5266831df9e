/**
 * Nearest location (/apps/nearest-location and the company sub-page nearest-location): the tenant's branches on
 * `report-branches` with the `branch-editor` dialog (opening hours explained; a text the server cannot read as hours
 * is marked on the field with its words), and the `nearest-finder` tool: a point, typed or taken from a branch, gives
 * the nearest branches with distance, open now and a map link, as a customer sharing that location would get them.
 * Branches are also uploaded by CSV (`branch-import`: every line accepted or refused with its reason); the super admin
 * also keeps the platform's countries and cities here (ReferenceSection).
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Button, Callout, Card, FormGroup, HTMLTable, InputGroup, Switch, Tag, TextArea } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Location } from "../../contract/schemas/locations"
import type { BranchDraft, branchEditorMachine } from "../../machines/locations/branch-editor"
import type { branchesListMachine } from "../../machines/locations/branches-list"
import type { nearestFinderMachine } from "../../machines/locations/nearest-finder"
import type { branchImportMachine } from "../../machines/locations/branch-import"
import { selectSuperAdmin } from "../../machines/acl/acl-selectors"
import { useAclActor, usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { FilterCard } from "../common/FilterCard"
import { PageHeader } from "../common/PageHeader"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { CsvImport } from "../record-kit/CsvImport"
import { ReferenceSection } from "./ReferenceSection"
import { ConfirmDelete, NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"
import "../report-kit/report-kit.css"
import "../record-kit/record-kit.css"
import "./locations.css"

type ListActor = ActorRefFrom<typeof branchesListMachine>
type EditorActor = ActorRefFrom<typeof branchEditorMachine>
type FinderActor = ActorRefFrom<typeof nearestFinderMachine>
type ImportActor = ActorRefFrom<typeof branchImportMachine>

export const LocationsView = () => {
  const { t } = useTranslation()
  const list = useReportActor<ListActor>("report-branches")
  const editor = usePageActor<EditorActor>("branch-editor")
  const finder = usePageActor<FinderActor>("nearest-finder")
  const importer = usePageActor<ImportActor>("branch-import")
  const superAdmin = useSelector(useAclActor(), selectSuperAdmin)
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = ["name", "address", "city", "coordinates", "phone", "hours", "pick", "actions"].map((c) =>
    t(c === "actions" ? "recordKit.actions" : `locations.${c}`),
  )
  return (
    <div className="mc-page mc-report" data-testid="locations-page">
      <PageHeader
        title={t("locations.title")}
        subtitle={t("locations.subtitle")}
        actions={<NewButton actor={editor} text={t("locations.new")} testId="branch-new" />}
      />
      <FilterCard>
        <ReportSearch actor={list} label={t("locations.search")} placeholder={t("locations.searchPlaceholder")} testId="branch-search" />
      </FilterCard>
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="branch-table" columns={columns} emptyText={t("locations.empty")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="branch-row" data-name={row.name}>
            <td>{row.name}</td>
            <td>{row.address}</td>
            <td>{row.city ?? ""}</td>
            <td className="mc-num">
              <span dir="ltr">
                {row.latitude}, {row.longitude}
              </span>
            </td>
            <td dir="ltr">{row.phone ?? ""}</td>
            <td dir="ltr">{row.opening_hours ?? t("locations.alwaysOpen")}</td>
            <td>
              <Button
                minimal
                small
                icon="locate"
                text={t("locations.fromHere")}
                onClick={() => finder?.send({ type: "POINT", patch: { latitude: String(row.latitude), longitude: String(row.longitude) } })}
                data-testid="branch-pick"
              />
            </td>
            {editor ? <RowActions actor={editor} row={row} testId="branch-row" /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {importer ? (
        <CsvImport actor={importer} title={t("locations.importTitle")} help={t("locations.importHelp")} testId="branch-import" />
      ) : null}
      {finder ? <NearestTool finder={finder} /> : null}
      {superAdmin ? <ReferenceSection /> : null}
      {editor ? <BranchDialog editor={editor} /> : null}
    </div>
  )
}

const NearestTool = ({ finder }: { finder: FinderActor }) => {
  const { t, i18n } = useTranslation()
  const failureText = useFailureText()
  const point = useSelector(finder, (s) => s.context.point)
  const found = useSelector(finder, (s) => s.context.found)
  const problem = useSelector(finder, (s) => s.context.problem)
  const failure = useSelector(finder, (s) => s.context.failure)
  const busy = useSelector(finder, (s) => s.hasTag("busy"))
  const km = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 })
  return (
    <Card className="mc-nearest" data-testid="nearest-tool">
      <h3>{t("locations.nearestTitle")}</h3>
      <p>{t("locations.nearestHelp")}</p>
      <form
        className="mc-nearest-form"
        onSubmit={(e) => {
          e.preventDefault()
          finder.send({ type: "FIND" })
        }}
      >
        <FormGroup label={t("locations.latitude")} labelFor="nearest-latitude">
          <InputGroup
            id="nearest-latitude"
            dir="ltr"
            value={point.latitude}
            onValueChange={(latitude) => finder.send({ type: "POINT", patch: { latitude } })}
            data-testid="nearest-latitude"
          />
        </FormGroup>
        <FormGroup label={t("locations.longitude")} labelFor="nearest-longitude">
          <InputGroup
            id="nearest-longitude"
            dir="ltr"
            value={point.longitude}
            onValueChange={(longitude) => finder.send({ type: "POINT", patch: { longitude } })}
            data-testid="nearest-longitude"
          />
        </FormGroup>
        <Switch
          checked={point.openOnly}
          label={t("locations.openOnly")}
          onChange={(e) => finder.send({ type: "POINT", patch: { openOnly: e.currentTarget.checked } })}
          data-testid="nearest-open-only"
        />
        <Button type="submit" intent="primary" icon="geosearch" loading={busy} text={t("locations.find")} data-testid="nearest-find" />
      </form>
      {problem ? <Callout intent="warning">{t("locations.problems.pointInvalid")}</Callout> : null}
      {failure ? <Callout intent="danger">{failureText(failure)}</Callout> : null}
      {found ? (
        found.length === 0 ? (
          <p data-testid="nearest-none">{t("locations.noneNear")}</p>
        ) : (
          <HTMLTable compact striped data-testid="nearest-results">
            <thead>
              <tr>
                <th>{t("locations.name")}</th>
                <th>{t("locations.address")}</th>
                <th className="mc-num">{t("locations.distance")}</th>
                <th>{t("locations.openNow")}</th>
                <th>{t("locations.map")}</th>
              </tr>
            </thead>
            <tbody>
              {found.map((b) => (
                <tr key={b.id} data-testid="nearest-row" data-name={b.name}>
                  <td>{b.name}</td>
                  <td>{b.address}</td>
                  <td className="mc-num" data-col="distance">
                    {t("locations.km", { value: km.format(b.distance_km) })}
                  </td>
                  <td>
                    <Tag minimal intent={b.open_now ? "success" : "none"} data-testid="nearest-open">
                      {b.open_now ? t("locations.open") : t("locations.closed")}
                    </Tag>
                  </td>
                  <td>
                    <a href={b.map_url} target="_blank" rel="noreferrer" data-testid="nearest-map">
                      {t("locations.openMap")}
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )
      ) : null}
    </Card>
  )
}

const BranchDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: BranchDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const hoursFailure = useFieldFailure(editor, "opening_hours")
  const change = (patch: Partial<BranchDraft>) => editor.send({ type: "CHANGE", patch })
  const field = (key: "name" | "address" | "latitude" | "longitude" | "phone", ltr = false) => (
    <FormGroup label={t(`locations.${key}`)} labelFor={`branch-${key}`}>
      <InputGroup
        id={`branch-${key}`}
        dir={ltr ? "ltr" : undefined}
        value={draft[key]}
        onValueChange={(value) => change({ [key]: value })}
        data-testid={`branch-${key}`}
      />
    </FormGroup>
  )
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(isNew ? "locations.new" : "locations.edit")}
        problems="locations.problems"
        testId="branch-dialog"
        marks={["opening_hours"]}
      >
        {field("name")}
        {field("address")}
        {field("latitude", true)}
        {field("longitude", true)}
        {field("phone", true)}
        <FormGroup
          label={t("locations.hours")}
          labelFor="branch-hours"
          helperText={hoursFailure ? failureText(hoursFailure) : t("locations.hoursHelp")}
          intent={hoursFailure ? "danger" : "none"}
        >
          <TextArea
            id="branch-hours"
            dir="ltr"
            fill
            rows={2}
            value={draft.openingHours}
            onChange={(e) => change({ openingHours: e.currentTarget.value })}
            data-testid="branch-hours"
          />
        </FormGroup>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(row: Location) => row.name} />
    </>
  )
}
