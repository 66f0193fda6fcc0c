-- Signing with no signal (issue 29, decisions/121): a device's signing key, its public half registered after the
-- password was checked, and the key a signature made offline was made with. NO ACTION rather than RESTRICT: an
-- organization's deletion cascades to its keys and its signatures in one statement, checked at its end.
CREATE TABLE "signing_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"public_key" jsonb NOT NULL,
	"device" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_keys" ADD CONSTRAINT "signing_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_keys_user_idx" ON "signing_keys" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "signatures" ADD COLUMN "signing_key_id" integer;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signing_key_id_signing_keys_id_fk" FOREIGN KEY ("signing_key_id") REFERENCES "public"."signing_keys"("id") ON DELETE no action ON UPDATE no action;
