CREATE TABLE "call_record_days" (
	"client_id" integer NOT NULL,
	"day" date NOT NULL,
	"call_type" text NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_record_days_client_id_day_call_type_pk" PRIMARY KEY("client_id","day","call_type")
);
--> statement-breakpoint
ALTER TABLE "call_record_days" ADD CONSTRAINT "call_record_days_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;