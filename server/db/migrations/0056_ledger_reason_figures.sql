-- A ledger entry's reason as figures the console words in the reader's language (billing/ledger-reason.ts), beside
-- its English wording in `reason`. Entries written before are read back from that wording.
ALTER TABLE billing_ledger ADD COLUMN why jsonb;
--> statement-breakpoint
UPDATE billing_ledger SET why = CASE
  WHEN reason ~ '^Refund: template .+ refused by the channel$' THEN jsonb_build_object(
    'kind', 'templateRefund',
    'templates', regexp_replace(reason, '^Refund: template (.+?)( × [0-9]+)? refused by the channel$', '\1'),
    'count', coalesce((regexp_match(reason, ' × ([0-9]+) refused by the channel$'))[1]::int, 1))
  WHEN reason ~ '^template .+' THEN jsonb_build_object(
    'kind', 'template',
    'templates', regexp_replace(reason, '^template (.+?)( × [0-9]+)?$', '\1'),
    'count', coalesce((regexp_match(reason, ' × ([0-9]+)$'))[1]::int, 1))
  WHEN reason ~ '^SMS: [0-9]+ messages?, [0-9]+ parts?$' THEN jsonb_build_object(
    'kind', 'sms',
    'messages', (regexp_match(reason, '^SMS: ([0-9]+)'))[1]::int,
    'parts', (regexp_match(reason, ', ([0-9]+) parts?$'))[1]::int)
  WHEN amount > 0 THEN jsonb_build_object('kind', 'topUp', 'note', CASE WHEN reason IN ('Top-up', 'Demo seed top-up') THEN NULL ELSE reason END)
  ELSE jsonb_build_object('kind', 'adjustment', 'note', reason)
END;
--> statement-breakpoint
ALTER TABLE billing_ledger ALTER COLUMN why SET NOT NULL;
