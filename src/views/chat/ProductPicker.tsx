/**
 * The composer's product picker: search the tenant's in-stock products, tick one or several (at most
 * WhatsApp's list limit), see what the customer will get, send. The pick goes to the conversation's outbox as one
 * send; the server builds the message for the channel (a product, an image with the price, or a product list).
 */
import { useTranslation } from "react-i18next"
import { Button, Checkbox, DialogBody, DialogFooter, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core"
import { useSelector } from "@xstate/react"
import type { ActorRefFrom } from "xstate"
import { moneyText } from "../../contract/money"
import { MAX_PRODUCTS_PER_MESSAGE } from "../../contract/schemas/chat"
import type { Product } from "../../contract/schemas/commerce"
import type { ConversationRef } from "../../machines/chat/inbox-machine"
import type { productPickerMachine } from "../../machines/chat/product-picker"
import { usePageActor } from "../common/actor-context"
import { ErrorCallout } from "./chat-hooks"

type PickerRef = ActorRefFrom<typeof productPickerMachine>

const ProductRow = ({ product, picked, onToggle, full }: { product: Product; picked: boolean; onToggle: () => void; full: boolean }) => {
  const { i18n } = useTranslation()
  return (
    <li className="mc-product-row" data-testid="chat-product-item" data-picked={picked}>
      <Checkbox checked={picked} disabled={!picked && full} onChange={onToggle} aria-label={product.name} className="mc-product-check" />
      {product.image_url ? (
        <img className="mc-product-thumb" src={product.image_url} alt="" loading="lazy" />
      ) : (
        <span className="mc-product-thumb" />
      )}
      <bdi className="mc-product-name">{product.name}</bdi>
      <span className="mc-product-price mc-num">{moneyText(product.price, product.currency, i18n.language)}</span>
    </li>
  )
}

const Preview = ({ picked }: { picked: readonly Product[] }) => {
  const { t, i18n } = useTranslation()
  if (picked.length === 0) return <p className="mc-muted">{t("chat.products.nothingPicked")}</p>
  return (
    <div className="mc-product-preview" data-testid="chat-products-preview">
      <strong>{t(picked.length === 1 ? "chat.products.previewOne" : "chat.products.previewList", { count: picked.length })}</strong>
      <ol>
        {picked.map((p) => (
          <li key={p.id}>
            <bdi>{p.name}</bdi> · <span className="mc-num">{moneyText(p.price, p.currency, i18n.language)}</span>
          </li>
        ))}
      </ol>
    </div>
  )
}

const PickerBody = ({ picker, conversation, onClose }: { picker: PickerRef; conversation: ConversationRef; onClose: () => void }) => {
  const { t } = useTranslation()
  const query = useSelector(picker, (s) => s.context.query)
  const results = useSelector(picker, (s) => s.context.results)
  const picked = useSelector(picker, (s) => s.context.picked)
  const failure = useSelector(picker, (s) => (s.matches("failed") ? s.context.failure : null))
  const loading = useSelector(picker, (s) => s.hasTag("loading"))
  const full = picked.length >= MAX_PRODUCTS_PER_MESSAGE
  // The picked ones stay listed while another search shows other products.
  const shown = [...picked, ...results.filter((r) => !picked.some((p) => p.id === r.id))]
  return (
    <>
      <DialogBody>
        <InputGroup
          type="search"
          leftIcon="search"
          autoFocus
          value={query}
          placeholder={t("chat.products.search")}
          aria-label={t("chat.products.search")}
          onValueChange={(text) => picker.send({ type: "SEARCH", text })}
          rightElement={loading ? <Spinner size={16} /> : undefined}
          data-testid="chat-products-search"
        />
        {failure ? <ErrorCallout failure={failure} onRetry={() => picker.send({ type: "RETRY" })} testId="chat-products-error" /> : null}
        {!loading && !failure && shown.length === 0 ? <NonIdealState icon="shop" description={t("chat.products.empty")} /> : null}
        <ul className="mc-product-list" data-testid="chat-products-list" data-loading={loading}>
          {shown.map((p) => (
            <ProductRow
              key={p.id}
              product={p}
              picked={picked.some((x) => x.id === p.id)}
              full={full}
              onToggle={() => picker.send({ type: "TOGGLE", product: p })}
            />
          ))}
        </ul>
        <p className="mc-muted" data-testid="chat-products-count">
          {t("chat.products.picked", { count: picked.length, max: MAX_PRODUCTS_PER_MESSAGE })}
        </p>
        <Preview picked={picked} />
      </DialogBody>
      <DialogFooter
        actions={
          <Button
            intent="primary"
            icon="send-message"
            text={t("chat.products.send")}
            disabled={picked.length === 0}
            data-testid="chat-products-send"
            onClick={() => {
              conversation.send({ type: "SEND", request: { kind: "products", products: picked.map(({ id, name }) => ({ id, name })) } })
              onClose()
            }}
          />
        }
      />
    </>
  )
}

/** Opens the picker's page actor while the dialog is open. */
export const ProductsBody = ({ actor, onClose }: { actor: ConversationRef; onClose: () => void }) => {
  const picker = usePageActor<PickerRef>("product-picker")
  if (!picker) return <Spinner size={20} />
  return <PickerBody picker={picker} conversation={actor} onClose={onClose} />
}
