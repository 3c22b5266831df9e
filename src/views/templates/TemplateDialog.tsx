/**
 * The template editor in the record kit's dialog: name, language, category, header (text with its example, or a media
 * sample's link), body with its parameters' examples, footer, buttons; WhatsApp's limits checked as the user types
 * (the contract's rule, worded here) and the live preview drawn as a WhatsApp bubble with the examples filled in.
 */
import { Button, Callout, FormGroup, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import { useTranslation } from "react-i18next"
import type { ActorRefFrom } from "xstate"
import type { TemplateButton } from "../../contract/schemas/templates"
import { fillPlaceholders, TEMPLATE_CATEGORIES, TEMPLATE_LIMITS } from "../../contract/template-rules"
import { bodyParamsOf, draftProblems, type HeaderChoice, type TemplateDraft } from "../../machines/templates/template-draft"
import type { templateEditorMachine } from "../../machines/templates/template-editor"
import { ConfirmDelete, RecordDialog } from "../record-kit/RecordDialog"
import { problemWords } from "./problem-words"
import { TemplateBubble } from "./TemplateBubble"

type EditorActor = ActorRefFrom<typeof templateEditorMachine>

const LANGUAGES = ["en", "en_US", "tr", "ar", "de", "fr", "es"] as const
const HEADERS: readonly HeaderChoice[] = ["none", "text", "image", "video", "document"]
const BUTTON_TYPES: readonly TemplateButton["type"][] = ["QUICK_REPLY", "URL", "PHONE_NUMBER"]

/** `{{1}}` … `{{n}}`: a parameter is named by its number. */
export const placeholderNames = (n: number) => Array.from({ length: n }, (_, i) => `{{${i + 1}}}`)

const Count = ({ value, max, testId }: { value: string; max: number; testId: string }) => {
  const { t } = useTranslation()
  return (
    <span className="mc-templates-count" data-over={value.length > max} data-testid={testId}>
      {t("templates.characters", { count: value.length, max })}
    </span>
  )
}

export const TemplateDialog = ({ editor }: { editor: EditorActor }) => {
  const { t } = useTranslation()
  const draft: TemplateDraft = useSelector(editor, (s) => s.context.draft)
  const row = useSelector(editor, (s) => s.context.row)
  const change = (patch: Partial<TemplateDraft>) => editor.send({ type: "CHANGE", patch })
  const problems = draftProblems(draft)
  const params = bodyParamsOf(draft)
  const setButton = (index: number, patch: Partial<TemplateButton>) =>
    change({ buttons: draft.buttons.map((b, i) => (i === index ? { ...b, ...patch } : b)) })
  const example = (i: number) => draft.bodyExamples[i] ?? ""
  const preview = {
    headerType: draft.headerType === "none" ? null : draft.headerType,
    header: draft.headerType === "text" ? fillPlaceholders(draft.header, [draft.headerExample || undefined]) : draft.header,
    body: fillPlaceholders(
      draft.body,
      Array.from({ length: params }, (_, i) => example(i) || undefined),
    ),
    footer: draft.footer || null,
    buttons: draft.buttons,
  }
  return (
    <>
      <RecordDialog
        actor={editor}
        title={t(row ? "templates.edit" : "templates.new")}
        problems="templates.saveProblems"
        testId="template-dialog"
      >
        <div className="mc-templates-editor">
          <div>
            {row?.rejected_reason ? (
              <Callout intent="danger" icon="error" data-testid="template-dialog-reason">
                {t("templates.reason", { reason: row.rejected_reason })}
              </Callout>
            ) : null}
            <div className="mc-templates-row">
              <FormGroup label={t("templates.name")} labelFor="template-name">
                <InputGroup
                  id="template-name"
                  dir="ltr"
                  value={draft.name}
                  disabled={row !== null}
                  placeholder={t("templates.nameHint")}
                  onValueChange={(name) => change({ name })}
                  data-testid="template-name"
                />
              </FormGroup>
              <FormGroup label={t("templates.language")} labelFor="template-language">
                <HTMLSelect
                  id="template-language"
                  value={draft.language}
                  disabled={row !== null}
                  onChange={(e) => change({ language: e.currentTarget.value })}
                  options={LANGUAGES.map((value) => ({ value, label: value }))}
                  data-testid="template-language"
                />
              </FormGroup>
              <FormGroup label={t("templates.category")} labelFor="template-category">
                <HTMLSelect
                  id="template-category"
                  value={draft.category}
                  onChange={(e) => change({ category: e.currentTarget.value as TemplateDraft["category"] })}
                  options={TEMPLATE_CATEGORIES.map((value) => ({ value, label: t(`templates.categories.${value}`) }))}
                  data-testid="template-category"
                />
              </FormGroup>
            </div>
            <FormGroup label={t("templates.header")} labelFor="template-header-type">
              <div className="mc-templates-row">
                <HTMLSelect
                  id="template-header-type"
                  value={draft.headerType}
                  onChange={(e) => change({ headerType: e.currentTarget.value as HeaderChoice })}
                  options={HEADERS.map((value) => ({ value, label: t(`templates.headerTypes.${value}`) }))}
                  data-testid="template-header-type"
                />
                {draft.headerType === "none" ? null : (
                  <InputGroup
                    aria-label={t(draft.headerType === "text" ? "templates.headerText" : "templates.headerLink")}
                    placeholder={t(draft.headerType === "text" ? "templates.headerText" : "templates.headerLink")}
                    dir={draft.headerType === "text" ? "auto" : "ltr"}
                    value={draft.header}
                    onValueChange={(header) => change({ header })}
                    data-testid="template-header"
                  />
                )}
              </div>
              {draft.headerType === "text" ? (
                <Count value={draft.header} max={TEMPLATE_LIMITS.headerText} testId="template-header-count" />
              ) : null}
            </FormGroup>
            {draft.headerType === "text" && draft.header.includes("{{") ? (
              <FormGroup label={t("templates.headerExample", { p: "{{1}}" })} labelFor="template-header-example">
                <InputGroup
                  id="template-header-example"
                  dir="auto"
                  value={draft.headerExample}
                  onValueChange={(headerExample) => change({ headerExample })}
                  data-testid="template-header-example"
                />
              </FormGroup>
            ) : null}
            <FormGroup label={t("templates.body")} labelFor="template-body" helperText={t("templates.bodyHint", { p: "{{1}}, {{2}}" })}>
              <TextArea
                id="template-body"
                dir="auto"
                fill
                rows={5}
                value={draft.body}
                onChange={(e) => change({ body: e.currentTarget.value })}
                data-testid="template-body"
              />
              <div className="mc-templates-row">
                <Count value={draft.body} max={TEMPLATE_LIMITS.body} testId="template-body-count" />
                <Button
                  small
                  minimal
                  icon="add"
                  text={t("templates.addParam")}
                  onClick={() => change({ body: `${draft.body}{{${params + 1}}}` })}
                  data-testid="template-add-param"
                />
              </div>
            </FormGroup>
            {placeholderNames(params).map((name, i) => (
              <FormGroup key={name} label={t("templates.example", { p: `{{${i + 1}}}` })} labelFor={`template-example-${i + 1}`}>
                <InputGroup
                  id={`template-example-${i + 1}`}
                  dir="auto"
                  value={example(i)}
                  onValueChange={(value) => {
                    const bodyExamples = Array.from({ length: Math.max(params, draft.bodyExamples.length) }, (_, j) => example(j))
                    bodyExamples[i] = value
                    change({ bodyExamples })
                  }}
                  data-testid="template-example"
                />
              </FormGroup>
            ))}
            <FormGroup label={t("templates.footer")} labelFor="template-footer">
              <InputGroup
                id="template-footer"
                dir="auto"
                value={draft.footer}
                onValueChange={(footer) => change({ footer })}
                data-testid="template-footer"
              />
              <Count value={draft.footer} max={TEMPLATE_LIMITS.footer} testId="template-footer-count" />
            </FormGroup>
            <FormGroup label={t("templates.buttons")}>
              {draft.buttons.map((b, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id; their order is their identity
                <div key={i} className="mc-templates-button-row" data-testid="template-button-row">
                  <HTMLSelect
                    aria-label={t("templates.buttons")}
                    value={b.type}
                    onChange={(e) => setButton(i, { type: e.currentTarget.value as TemplateButton["type"] })}
                    options={BUTTON_TYPES.map((value) => ({ value, label: t(`templates.buttonTypes.${value}`) }))}
                    data-testid="template-button-type"
                  />
                  <InputGroup
                    aria-label={t("templates.buttonText")}
                    placeholder={t("templates.buttonText")}
                    dir="auto"
                    value={b.text}
                    onValueChange={(text) => setButton(i, { text })}
                    data-testid="template-button-text"
                  />
                  {b.type === "QUICK_REPLY" ? (
                    <span />
                  ) : (
                    <InputGroup
                      aria-label={t("templates.buttonValue")}
                      placeholder={b.type === "URL" ? "https://" : "+905551234567"}
                      dir="ltr"
                      value={b.value ?? ""}
                      onValueChange={(value) => setButton(i, { value })}
                      data-testid="template-button-value"
                    />
                  )}
                  <Button
                    minimal
                    icon="trash"
                    aria-label={t("templates.removeButton")}
                    onClick={() => change({ buttons: draft.buttons.filter((_, j) => j !== i) })}
                  />
                </div>
              ))}
              <Button
                small
                icon="add"
                text={t("templates.addButton")}
                disabled={draft.buttons.length >= 10}
                onClick={() => change({ buttons: [...draft.buttons, { type: "QUICK_REPLY", text: "" }] })}
                data-testid="template-add-button"
              />
            </FormGroup>
            {problems.length > 0 ? (
              <Callout intent="warning" icon="warning-sign" title={t("templates.problemsTitle")} data-testid="template-problems">
                <ul className="mc-templates-problems">
                  {problems.map((p) => (
                    <li key={`${p.code}-${"index" in p ? p.index : ""}`} data-code={p.code}>
                      {problemWords(t, p)}
                    </li>
                  ))}
                </ul>
              </Callout>
            ) : null}
          </div>
          <TemplateBubble content={preview} testId="template-preview" />
        </div>
      </RecordDialog>
      <ConfirmDelete actor={editor} nameOf={(r: { name: string }) => r.name} />
    </>
  )
}
