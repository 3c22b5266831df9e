/**
 * The client-webhook notice on the socket service: when the server disables a webhook after repeated failed
 * deliveries (server/features/webhooks/delivery.ts), each active user of the tenant holding BACK:security hears it on
 * their own room, once.
 */
export interface WebhooksToBrowser {
  "webhooks:disabled": { webhook_id: number; url: string; reason: string; disabled_at: string }
}

export type WebhooksToBrowserEvent = keyof WebhooksToBrowser

export const WEBHOOKS_TO_BROWSER_EVENTS: readonly WebhooksToBrowserEvent[] = ["webhooks:disabled"]
