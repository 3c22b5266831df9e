-- Call History reads a tenant's calls newest first, ties broken by id (ORDER BY dt DESC, id DESC), a page at an offset
-- or an export batch after a keyset cursor. With id in the indexes the order is the index's own (no incremental sort
-- of every row up to the page's end) and the cursor (dt, id) is an index bound rather than a filter.
CREATE INDEX "call_records_client_dt_id_idx" ON "call_records" USING btree ("client_id","dt","id");--> statement-breakpoint
CREATE INDEX "call_records_client_type_dt_id_idx" ON "call_records" USING btree ("client_id","call_type","dt","id");--> statement-breakpoint
DROP INDEX "call_records_client_dt_idx";--> statement-breakpoint
DROP INDEX "call_records_client_type_dt_idx";
