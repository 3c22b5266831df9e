/**
 * The super admin's countries and cities, under the branches of the nearest location screen: two lists
 * (`report-countries`, `report-cities` filtered by country) with their editors (`country-editor`, `city-editor`).
 * An ISO code or a city name already taken is marked on its field with the server's words.
 */
import { useTranslation } from "react-i18next"
import { useSelector } from "@xstate/react"
import { Card, FormGroup, HTMLSelect, InputGroup, Switch, Tag } from "@blueprintjs/core"
import type { ActorRefFrom } from "xstate"
import type { Country } from "../../contract/schemas/locations"
import type { CityDraft, CountryDraft, cityEditorMachine, countryEditorMachine } from "../../machines/locations/reference-editors"
import type { CityFilters, citiesListMachine, countriesListMachine } from "../../machines/locations/reference-lists"
import { usePageActor } from "../common/actor-context"
import { useFailureText } from "../common/failure-text"
import { ReportFailure, ReportTable } from "../report-kit/ReportFrame"
import { useReportActor } from "../report-kit/report-hooks"
import { ReportSearch } from "../report-kit/ReportSearch"
import { NewButton, RecordDialog, RowActions, useFieldFailure, useWriteNotices } from "../record-kit/RecordDialog"

type CountriesActor = ActorRefFrom<typeof countriesListMachine>
type CitiesActor = ActorRefFrom<typeof citiesListMachine>
type CountryEditor = ActorRefFrom<typeof countryEditorMachine>
type CityEditor = ActorRefFrom<typeof cityEditorMachine>

const NO_COUNTRIES: readonly Country[] = []

const ActiveTag = ({ active }: { active: boolean }) => {
  const { t } = useTranslation()
  return (
    <Tag minimal intent={active ? "success" : "none"}>
      {active ? t("locations.active") : t("locations.inactive")}
    </Tag>
  )
}

export const ReferenceSection = () => {
  const { t } = useTranslation()
  return (
    <Card className="mc-reference" data-testid="reference-section">
      <h3>{t("locations.referenceTitle")}</h3>
      <p>{t("locations.referenceHelp")}</p>
      <div className="mc-reference-lists">
        <Countries />
        <Cities />
      </div>
    </Card>
  )
}

const Countries = () => {
  const { t } = useTranslation()
  const list = useReportActor<CountriesActor>("report-countries")
  const editor = usePageActor<CountryEditor>("country-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const columns = [t("locations.name"), t("locations.isoCode"), t("locations.dialCode"), t("locations.active"), t("recordKit.actions")]
  return (
    <section className="mc-reference-list">
      <div className="mc-reference-head">
        <h4>{t("locations.countries")}</h4>
        <NewButton actor={editor} text={t("locations.newCountry")} testId="country-new" />
      </div>
      <ReportSearch
        actor={list}
        label={t("locations.search")}
        placeholder={t("locations.countrySearchPlaceholder")}
        testId="country-search"
      />
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="country-table" columns={columns} emptyText={t("locations.noCountries")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="country-row" data-name={row.name}>
            <td>{row.name}</td>
            <td dir="ltr">{row.iso_code}</td>
            <td dir="ltr">{row.dial_code}</td>
            <td>
              <ActiveTag active={row.active} />
            </td>
            {editor ? <RowActions actor={editor} row={row} testId="country-row" deletable={false} /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <CountryDialog editor={editor} /> : null}
    </section>
  )
}

const CountryDialog = ({ editor }: { editor: CountryEditor }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: CountryDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const isoFailure = useFieldFailure(editor, "iso_code")
  const change = (patch: Partial<CountryDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <RecordDialog
      actor={editor}
      title={t(isNew ? "locations.newCountry" : "locations.editCountry")}
      problems="locations.problems"
      testId="country-dialog"
      marks={["iso_code"]}
    >
      <FormGroup label={t("locations.name")} labelFor="country-name">
        <InputGroup id="country-name" value={draft.name} onValueChange={(name) => change({ name })} data-testid="country-name" />
      </FormGroup>
      <FormGroup
        label={t("locations.isoCode")}
        labelFor="country-iso"
        helperText={isoFailure ? failureText(isoFailure) : t("locations.isoCodeHelp")}
        intent={isoFailure ? "danger" : "none"}
      >
        <InputGroup
          id="country-iso"
          dir="ltr"
          value={draft.isoCode}
          onValueChange={(isoCode) => change({ isoCode })}
          data-testid="country-iso"
        />
      </FormGroup>
      <FormGroup label={t("locations.dialCode")} labelFor="country-dial" helperText={t("locations.dialCodeHelp")}>
        <InputGroup
          id="country-dial"
          dir="ltr"
          value={draft.dialCode}
          onValueChange={(dialCode) => change({ dialCode })}
          data-testid="country-dial"
        />
      </FormGroup>
      <Switch
        checked={draft.active}
        label={t("locations.active")}
        onChange={(e) => change({ active: e.currentTarget.checked })}
        data-testid="country-active"
      />
    </RecordDialog>
  )
}

const Cities = () => {
  const { t } = useTranslation()
  const list = useReportActor<CitiesActor>("report-cities")
  const editor = usePageActor<CityEditor>("city-editor")
  useWriteNotices(editor)
  const rows = useSelector(list, (s) => s.context.rows)
  const countries = useSelector(list, (s) => s.context.meta ?? NO_COUNTRIES)
  const countryId = useSelector(list, (s) => s.context.draft.countryId)
  const countryOf = (id: number) => countries.find((c) => c.id === id)?.name ?? ""
  const columns = [t("locations.name"), t("locations.country"), t("locations.active"), t("recordKit.actions")]
  return (
    <section className="mc-reference-list">
      <div className="mc-reference-head">
        <h4>{t("locations.cities")}</h4>
        <NewButton actor={editor} text={t("locations.newCity")} testId="city-new" />
      </div>
      <div className="mc-reference-filters">
        <HTMLSelect
          value={countryId}
          aria-label={t("locations.country")}
          onChange={(e) => list.send({ type: "FILTER.CHANGE", patch: { countryId: e.currentTarget.value } as Partial<CityFilters> })}
          data-testid="city-country-filter"
        >
          <option value="">{t("locations.allCountries")}</option>
          {countries.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </HTMLSelect>
      </div>
      <ReportSearch actor={list} label={t("locations.search")} placeholder={t("locations.citySearchPlaceholder")} testId="city-search" />
      <ReportFailure actor={list} />
      <ReportTable actor={list} testId="city-table" columns={columns} emptyText={t("locations.noCities")}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="city-row" data-name={row.name}>
            <td>{row.name}</td>
            <td>{countryOf(row.country_id)}</td>
            <td>
              <ActiveTag active={row.active} />
            </td>
            {editor ? <RowActions actor={editor} row={row} testId="city-row" deletable={false} /> : <td />}
          </tr>
        ))}
      </ReportTable>
      {editor ? <CityDialog editor={editor} countries={countries} /> : null}
    </section>
  )
}

const CityDialog = ({ editor, countries }: { editor: CityEditor; countries: readonly Country[] }) => {
  const { t } = useTranslation()
  const failureText = useFailureText()
  const draft: CityDraft = useSelector(editor, (s) => s.context.draft)
  const isNew = useSelector(editor, (s) => s.context.row === null)
  const nameFailure = useFieldFailure(editor, "name")
  const change = (patch: Partial<CityDraft>) => editor.send({ type: "CHANGE", patch })
  return (
    <RecordDialog
      actor={editor}
      title={t(isNew ? "locations.newCity" : "locations.editCity")}
      problems="locations.problems"
      testId="city-dialog"
      marks={["name"]}
    >
      <FormGroup label={t("locations.country")} labelFor="city-country">
        <HTMLSelect
          id="city-country"
          fill
          value={draft.countryId}
          onChange={(e) => change({ countryId: e.currentTarget.value })}
          data-testid="city-country"
        >
          <option value="">{t("locations.pickCountry")}</option>
          {countries.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.name}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      <FormGroup
        label={t("locations.name")}
        labelFor="city-name"
        helperText={nameFailure ? failureText(nameFailure) : undefined}
        intent={nameFailure ? "danger" : "none"}
      >
        <InputGroup id="city-name" value={draft.name} onValueChange={(name) => change({ name })} data-testid="city-name" />
      </FormGroup>
      <Switch
        checked={draft.active}
        label={t("locations.active")}
        onChange={(e) => change({ active: e.currentTarget.checked })}
        data-testid="city-active"
      />
    </RecordDialog>
  )
}
