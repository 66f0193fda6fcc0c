-- Sensor readings partitioned by month (issue 36, decisions/115): ingest and the valve's reads touch the months they
-- name, and retention drops a month whole instead of deleting its rows one by one. Partitions are UTC months named
-- sensor_readings_YYYY_MM; the DEFAULT partition takes a reading of a month without one, so none is ever refused.
-- The old table steps aside under another name, the new one takes its name, keys and index names, the rows move
-- in, and the old one goes. Nothing else hangs on the table (no trigger, rule, view or foreign key to it).
ALTER TABLE "sensor_readings" RENAME TO "sensor_readings_unpartitioned";--> statement-breakpoint
ALTER TABLE "sensor_readings_unpartitioned" RENAME CONSTRAINT "sensor_readings_valve_id_sensor_type_timestamp_pk" TO "sensor_readings_unpartitioned_pk";--> statement-breakpoint
ALTER INDEX "sensor_readings_valve_time_idx" RENAME TO "sensor_readings_unpartitioned_valve_time_idx";--> statement-breakpoint
-- PostgreSQL 18 (PGlite) names NOT NULL constraints too (sensor_readings_value_not_null); freed the same way, so the
-- new table's take the same names. PostgreSQL 15 has none: the loop finds nothing.
DO $$
DECLARE con text;
BEGIN
  FOR con IN SELECT conname FROM pg_constraint WHERE conrelid = 'sensor_readings_unpartitioned'::regclass AND contype = 'n' LOOP
    EXECUTE format('ALTER TABLE sensor_readings_unpartitioned RENAME CONSTRAINT %I TO %I', con, con || '_unpartitioned');
  END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE "sensor_readings" (
	"organization_id" integer NOT NULL,
	"valve_id" integer NOT NULL,
	"sensor_type" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	"quality" text DEFAULT 'good' NOT NULL,
	CONSTRAINT "sensor_readings_valve_id_sensor_type_timestamp_pk" PRIMARY KEY("valve_id","sensor_type","timestamp")
) PARTITION BY RANGE ("timestamp");--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sensor_readings" ADD CONSTRAINT "sensor_readings_valve_id_valves_id_fk" FOREIGN KEY ("valve_id") REFERENCES "public"."valves"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sensor_readings_valve_time_idx" ON "sensor_readings" USING btree ("valve_id","timestamp");--> statement-breakpoint
CREATE TABLE "sensor_readings_default" PARTITION OF "sensor_readings" DEFAULT;--> statement-breakpoint
-- One month's partition, unless it exists. The DEFAULT partition's rows of that month move into it first: PostgreSQL
-- refuses a partition whose range the default holds rows of. Security definer: the server's role owns nothing
-- (db/roles.ts) and runs the job that calls this. The advisory lock makes two servers at once take turns; the
-- lock timeout gives up (the job retries) rather than hold ingest up behind a long read. TimeZone UTC: a month is
-- a UTC month whatever the session's zone, as the rollups' buckets are UTC hours.
CREATE FUNCTION sensor_readings_make_partition(month timestamptz) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET TimeZone = 'UTC' SET lock_timeout = '5s' AS $$
DECLARE
  low timestamptz := date_trunc('month', month);
  high timestamptz := date_trunc('month', month) + interval '1 month';
  part text := 'sensor_readings_' || to_char(date_trunc('month', month), 'YYYY_MM');
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  PERFORM pg_advisory_xact_lock(hashtext('sensor_readings partitions'));
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  -- No reading of the month may land in the default between the move and the attach.
  LOCK TABLE sensor_readings_default IN SHARE ROW EXCLUSIVE MODE;
  EXECUTE format('CREATE TABLE %I (LIKE sensor_readings INCLUDING DEFAULTS)', part);
  EXECUTE format('WITH moved AS (DELETE FROM sensor_readings_default WHERE "timestamp" >= %L AND "timestamp" < %L RETURNING *)
    INSERT INTO %I SELECT * FROM moved', low, high, part);
  EXECUTE format('ALTER TABLE sensor_readings ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', part, low, high);
  RETURN true;
END $$;--> statement-breakpoint
-- The partitions of the month of `from_month` and the `ahead` months after it, and of every month the DEFAULT partition
-- holds readings of (a late or back-filled month); returns how many it made.
CREATE FUNCTION sensor_readings_make_partitions(ahead integer, from_month timestamptz DEFAULT now()) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET TimeZone = 'UTC' AS $$
DECLARE
  month timestamptz;
  made integer := 0;
BEGIN
  FOR month IN
    SELECT date_trunc('month', from_month) + n * interval '1 month' FROM generate_series(0, ahead) AS n
    UNION SELECT date_trunc('month', "timestamp") FROM sensor_readings_default
    ORDER BY 1
  LOOP
    IF sensor_readings_make_partition(month) THEN made := made + 1; END IF;
  END LOOP;
  RETURN made;
END $$;--> statement-breakpoint
-- Retention by month: each partition wholly before `cutoff` is dropped when every hour of every valve's sensor in it
-- is in the hourly rollups (step `hour_ms`) with at least its raw count, i.e. nothing in it would be lost from the
-- rollups; returns the readings dropped. The partition is locked against writes while it is checked. A partition
-- with readings not rolled up stays (the purge's row DELETE takes what is past the retention, as before).
CREATE FUNCTION sensor_readings_drop_rolled_up(cutoff timestamptz, hour_ms integer) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET TimeZone = 'UTC' SET lock_timeout = '5s' AS $$
DECLARE
  part text;
  readings bigint;
  uncovered bigint;
  dropped bigint := 0;
BEGIN
  FOR part IN
    SELECT p.name FROM (
      SELECT c.relname AS name,
        substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)')::timestamptz AS high
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = 'sensor_readings'::regclass
    ) p
    WHERE p.high <= cutoff
    ORDER BY p.high
  LOOP
    EXECUTE format('LOCK TABLE %I IN SHARE MODE', part);
    EXECUTE format('SELECT coalesce(sum(raw.n), 0), count(*) FILTER (WHERE coalesce(r.count, 0) < raw.n)
      FROM (SELECT valve_id, sensor_type, date_trunc(''hour'', "timestamp") AS t, count(*) AS n FROM %I GROUP BY 1, 2, 3) raw
      LEFT JOIN valve_channels c ON c.valve_id = raw.valve_id AND c.name = raw.sensor_type
      LEFT JOIN channel_rollups r ON r.channel_id = c.id AND r.step_ms = $1 AND r.t = raw.t', part)
      INTO readings, uncovered USING hour_ms;
    CONTINUE WHEN uncovered > 0;
    EXECUTE format('DROP TABLE %I', part);
    dropped := dropped + readings;
  END LOOP;
  RETURN dropped;
END $$;--> statement-breakpoint
-- Only the server's role (granted in db/roles.ts) and the owner call them.
REVOKE EXECUTE ON FUNCTION sensor_readings_make_partition(timestamptz), sensor_readings_make_partitions(integer, timestamptz),
  sensor_readings_drop_rolled_up(timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
DO $$
DECLARE month timestamptz;
BEGIN
  FOR month IN SELECT DISTINCT date_trunc('month', "timestamp", 'UTC') FROM sensor_readings_unpartitioned LOOP
    PERFORM sensor_readings_make_partition(month);
  END LOOP;
END $$;--> statement-breakpoint
SELECT sensor_readings_make_partitions(2);--> statement-breakpoint
INSERT INTO "sensor_readings" ("organization_id", "valve_id", "sensor_type", "timestamp", "value", "quality")
  SELECT "organization_id", "valve_id", "sensor_type", "timestamp", "value", "quality" FROM "sensor_readings_unpartitioned";--> statement-breakpoint
DROP TABLE "sensor_readings_unpartitioned";
