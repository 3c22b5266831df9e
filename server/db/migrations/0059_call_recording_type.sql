-- A call recording's file is Ogg Opus, or WAV for a PBX call of G.711 only (server/features/calls/recording-format.ts):
-- its content type is kept with it and served with it. The recordings kept so far are Ogg Opus; a new one names its own.
ALTER TABLE "call_recordings" ADD COLUMN "content_type" text DEFAULT 'audio/ogg' NOT NULL;--> statement-breakpoint
ALTER TABLE "call_recordings" ALTER COLUMN "content_type" DROP DEFAULT;
