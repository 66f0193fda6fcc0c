-- The named channels' readings partitioned by month like the spec sensors' (migration 0046, decisions/115): a plant's
-- flow, P1_upstream and motor_current are most of its raw rows. One set of functions now serves both tables; the
-- table is named by the caller and must be one of the two, since the functions run as the owner.
ALTER TABLE "channel_readings" RENAME TO "channel_readings_unpartitioned";--> statement-breakpoint
ALTER TABLE "channel_readings_unpartitioned" RENAME CONSTRAINT "channel_readings_channel_id_timestamp_pk" TO "channel_readings_unpartitioned_pk";--> statement-breakpoint
-- PostgreSQL 18 (PGlite) names NOT NULL constraints too; freed so the new table's take the same names (see 0046).
DO $$
DECLARE con text;
BEGIN
  FOR con IN SELECT conname FROM pg_constraint WHERE conrelid = 'channel_readings_unpartitioned'::regclass AND contype = 'n' LOOP
    EXECUTE format('ALTER TABLE channel_readings_unpartitioned RENAME CONSTRAINT %I TO %I', con, con || '_unpartitioned');
  END LOOP;
END $$;--> statement-breakpoint
CREATE TABLE "channel_readings" (
	"channel_id" integer NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "channel_readings_channel_id_timestamp_pk" PRIMARY KEY("channel_id","timestamp")
) PARTITION BY RANGE ("timestamp");--> statement-breakpoint
ALTER TABLE "channel_readings" ADD CONSTRAINT "channel_readings_channel_id_valve_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."valve_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "channel_readings_default" PARTITION OF "channel_readings" DEFAULT;--> statement-breakpoint
DROP FUNCTION sensor_readings_make_partitions(integer, timestamptz);--> statement-breakpoint
DROP FUNCTION sensor_readings_make_partition(timestamptz);--> statement-breakpoint
DROP FUNCTION sensor_readings_drop_rolled_up(timestamptz, integer);--> statement-breakpoint
-- Refuses any table but the two readings tables: these run as the owner of every table.
CREATE FUNCTION readings_table(readings text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF readings IN ('sensor_readings', 'channel_readings') THEN RETURN readings; END IF;
  RAISE EXCEPTION 'not a readings table: %', readings USING ERRCODE = '22023';
END $$;--> statement-breakpoint
-- One month's partition of `readings` (readings_YYYY_MM), unless it exists; the DEFAULT partition's rows of the
-- month move into it first. Why security definer, the advisory lock, the lock timeout and UTC: see migration 0046.
CREATE FUNCTION readings_make_partition(readings text, month timestamptz) RETURNS boolean
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET TimeZone = 'UTC' SET lock_timeout = '5s' AS $$
DECLARE
  parent text := readings_table(readings);
  low timestamptz := date_trunc('month', month);
  high timestamptz := date_trunc('month', month) + interval '1 month';
  part text := parent || '_' || to_char(date_trunc('month', month), 'YYYY_MM');
BEGIN
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  PERFORM pg_advisory_xact_lock(hashtext(parent || ' partitions'));
  IF to_regclass(part) IS NOT NULL THEN RETURN false; END IF;
  -- No reading of the month may land in the default between the move and the attach.
  EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', parent || '_default');
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS)', part, parent);
  EXECUTE format('WITH moved AS (DELETE FROM %I WHERE "timestamp" >= %L AND "timestamp" < %L RETURNING *)
    INSERT INTO %I SELECT * FROM moved', parent || '_default', low, high, part);
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', parent, part, low, high);
  RETURN true;
END $$;--> statement-breakpoint
-- The partitions of `readings` for the month of `from_month` and the `ahead` months after it, and for every month its
-- DEFAULT partition holds readings of (a late or back-filled month); returns how many it made.
CREATE FUNCTION readings_make_partitions(readings text, ahead integer, from_month timestamptz DEFAULT now()) RETURNS integer
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET TimeZone = 'UTC' AS $$
DECLARE
  parent text := readings_table(readings);
  month timestamptz;
  made integer := 0;
BEGIN
  FOR month IN EXECUTE format(
    'SELECT date_trunc(''month'', $1) + n * interval ''1 month'' FROM generate_series(0, $2) AS n
     UNION SELECT date_trunc(''month'', "timestamp") FROM %I ORDER BY 1', parent || '_default')
    USING from_month, ahead
  LOOP
    IF readings_make_partition(parent, month) THEN made := made + 1; END IF;
  END LOOP;
  RETURN made;
END $$;--> statement-breakpoint
-- Retention by month: each partition of `readings` wholly before `cutoff` is dropped when every hour of every channel
-- in it is in the hourly rollups (step `hour_ms`) with at least its raw count; returns the readings dropped. A spec
-- sensor's reading finds its channel by valve and name. The partition is locked against writes while it is checked.
CREATE FUNCTION readings_drop_rolled_up(readings text, cutoff timestamptz, hour_ms integer) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp SET TimeZone = 'UTC' SET lock_timeout = '5s' AS $$
DECLARE
  parent text := readings_table(readings);
  -- Each reading with its channel's id as `channel`.
  of_channel text := CASE parent
    WHEN 'sensor_readings' THEN 'LEFT JOIN valve_channels c ON c.valve_id = p.valve_id AND c.name = p.sensor_type'
    ELSE 'CROSS JOIN LATERAL (SELECT p.channel_id AS id) c' END;
  part text;
  readings_in bigint;
  uncovered bigint;
  dropped bigint := 0;
BEGIN
  FOR part IN
    SELECT b.name FROM (
      SELECT c.relname AS name,
        substring(pg_get_expr(c.relpartbound, c.oid) FROM 'TO \(''([^'']+)''\)')::timestamptz AS high
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
      WHERE i.inhparent = parent::regclass
    ) b
    WHERE b.high <= cutoff
    ORDER BY b.high
  LOOP
    EXECUTE format('LOCK TABLE %I IN SHARE MODE', part);
    EXECUTE format('SELECT coalesce(sum(raw.n), 0), count(*) FILTER (WHERE coalesce(r.count, 0) < raw.n)
      FROM (SELECT c.id AS channel_id, date_trunc(''hour'', p."timestamp") AS t, count(*) AS n FROM %I p %s GROUP BY 1, 2) raw
      LEFT JOIN channel_rollups r ON r.channel_id = raw.channel_id AND r.step_ms = $1 AND r.t = raw.t', part, of_channel)
      INTO readings_in, uncovered USING hour_ms;
    CONTINUE WHEN uncovered > 0;
    EXECUTE format('DROP TABLE %I', part);
    dropped := dropped + readings_in;
  END LOOP;
  RETURN dropped;
END $$;--> statement-breakpoint
-- Only the server's role (granted in db/roles.ts) and the owner call them.
REVOKE EXECUTE ON FUNCTION readings_make_partition(text, timestamptz), readings_make_partitions(text, integer, timestamptz),
  readings_drop_rolled_up(text, timestamptz, integer) FROM PUBLIC;--> statement-breakpoint
DO $$
DECLARE month timestamptz;
BEGIN
  FOR month IN SELECT DISTINCT date_trunc('month', "timestamp", 'UTC') FROM channel_readings_unpartitioned LOOP
    PERFORM readings_make_partition('channel_readings', month);
  END LOOP;
END $$;--> statement-breakpoint
SELECT readings_make_partitions('channel_readings', 2);--> statement-breakpoint
INSERT INTO "channel_readings" ("channel_id", "timestamp", "value")
  SELECT "channel_id", "timestamp", "value" FROM "channel_readings_unpartitioned";--> statement-breakpoint
DROP TABLE "channel_readings_unpartitioned";
