-- The rate limits' counts in the database every server shares (issue 36): three servers allow what one allows.
-- Unlogged: a crash forgets them (the per-account limit in password_failures holds), and replicas do not carry them.
CREATE UNLOGGED TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
