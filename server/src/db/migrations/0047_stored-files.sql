-- Uploaded files in the database when FILE_STORE=database (docs/decisions/116-stored-files.md): every server process
-- behind the proxy reaches them, and pg_dump holds them with the rows that name them. Not audited: those rows are.
CREATE TABLE "stored_files" (
	"key" text PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"content_type" text NOT NULL,
	"bytes" bytea NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- JPEG, WebP, PNG and PDF are compressed already: TOAST keeps them out of line without trying again.
ALTER TABLE "stored_files" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
