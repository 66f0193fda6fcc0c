CREATE TABLE "audit_seals" (
	"chain" integer NOT NULL,
	"seq" bigint NOT NULL,
	"audit_id" bigint NOT NULL,
	"hash" text NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_seals_chain_seq_pk" PRIMARY KEY("chain","seq")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_seals_audit_idx" ON "audit_seals" USING btree ("audit_id");--> statement-breakpoint
-- Seals are append-only like the trail they seal (refuse_change() from 0006).
CREATE TRIGGER audit_seals_append_only BEFORE UPDATE OR DELETE ON audit_seals FOR EACH ROW EXECUTE FUNCTION refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_seals_no_truncate BEFORE TRUNCATE ON audit_seals FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
