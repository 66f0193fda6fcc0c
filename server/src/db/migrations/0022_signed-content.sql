-- What a signature signed and its hash, and each photo's hash (issue 27 item 3); rows made before stay without.
ALTER TABLE "photos" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "signed_content" jsonb;--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "content_hash" text;