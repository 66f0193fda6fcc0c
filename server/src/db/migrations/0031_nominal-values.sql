-- A valve's size and pressure rating as values (issue 30, decisions/104), read from the texts people write by
-- functions of the database itself, so the generated columns below can never disagree with the text on screen and
-- filters compare numbers. Immutable: they read nothing but their argument.
--
-- NPS as written in inches: 4", 4 in, NPS 4, 1-1/2", 1 1/2 in, 1/2", 2.5". A bare number is no size (inches or
-- millimetres?), so it takes NPS before it or an inch mark after it.
CREATE FUNCTION valve_nps_written(size text) RETURNS numeric LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
DECLARE
	unit constant text := $r$\s*("|''|″|in\.?|inch|inches)?\s*$$r$;
	m text[];
BEGIN
	m := regexp_match(size, $r$^\s*(NPS\s*)?(\d{1,2})[\s-]+(\d{1,2})/(\d{1,2})$r$ || unit, 'i');
	IF m IS NOT NULL AND (m[1] IS NOT NULL OR m[5] IS NOT NULL) AND m[4]::int > 0 THEN
		RETURN m[2]::numeric + m[3]::numeric / m[4]::numeric;
	END IF;
	m := regexp_match(size, $r$^\s*(NPS\s*)?(\d{1,2})/(\d{1,2})$r$ || unit, 'i');
	IF m IS NOT NULL AND (m[1] IS NOT NULL OR m[4] IS NOT NULL) AND m[3]::int > 0 THEN
		RETURN m[2]::numeric / m[3]::numeric;
	END IF;
	m := regexp_match(size, $r$^\s*(NPS\s*)?(\d{1,3}(?:\.\d{1,3})?)$r$ || unit, 'i');
	IF m IS NOT NULL AND (m[1] IS NOT NULL OR m[3] IS NOT NULL) AND m[2]::numeric > 0 THEN
		RETURN m[2]::numeric;
	END IF;
	RETURN NULL;
END
$fn$;--> statement-breakpoint
-- NPS and DN are designations, not a conversion (NPS 4 is DN 100, not 101.6 mm): ISO 6708 and ASME B36.10M
-- Table 1 pair them, DN = 25 × NPS from NPS 4 up (whole quarters) and the table's own values below it. One table
-- serves both directions.
CREATE FUNCTION valve_nps_dn_pairs() RETURNS TABLE (nps numeric, dn integer) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
	VALUES (0.125, 6), (0.25, 8), (0.375, 10), (0.5, 15), (0.75, 20), (1, 25), (1.25, 32), (1.5, 40), (2, 50),
		(2.5, 65), (3, 80), (3.5, 90)
$fn$;--> statement-breakpoint
CREATE FUNCTION valve_dn_of_nps(nps numeric) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
	SELECT CASE WHEN $1 >= 4 THEN CASE WHEN $1 * 4 = round($1 * 4) THEN round($1 * 25)::int END
	ELSE (SELECT p.dn FROM valve_nps_dn_pairs() p WHERE p.nps = $1) END
$fn$;--> statement-breakpoint
CREATE FUNCTION valve_nps_of_dn(dn integer) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
	SELECT CASE WHEN $1 >= 100 THEN CASE WHEN $1 % 25 = 0 THEN $1 / 25.0 END
	ELSE (SELECT p.nps FROM valve_nps_dn_pairs() p WHERE p.dn = $1) END
$fn$;--> statement-breakpoint
-- DN as written: DN 100, DN100, 100 mm. Otherwise the DN of the NPS written.
CREATE FUNCTION valve_size_dn(size text) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
DECLARE
	m text[];
BEGIN
	m := regexp_match(size, $r$^\s*(?:DN\s*(\d{1,4})|(\d{1,4})\s*mm)\s*$$r$, 'i');
	IF m IS NOT NULL THEN
		RETURN NULLIF(coalesce(m[1], m[2])::int, 0);
	END IF;
	RETURN valve_dn_of_nps(valve_nps_written(size));
END
$fn$;--> statement-breakpoint
CREATE FUNCTION valve_size_nps(size text) RETURNS numeric LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $fn$
	SELECT coalesce(valve_nps_written(size), valve_nps_of_dn(valve_size_dn(size)))
$fn$;--> statement-breakpoint
-- ASME class as written: Class 600, CL600, ASME 300, ANSI 150, 600#, 600 lb; the classes of ASME B16.34 and B16.5
-- (150 to 4500) and of cast iron B16.1 (125, 250), and the forged-valve Class 800 of API 602.
CREATE FUNCTION valve_pressure_class(pressure text) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
DECLARE
	m text[];
BEGIN
	m := regexp_match(pressure, $r$(?:class|cl\.?|asme|ansi)\s*(\d{3,4})\M$r$, 'i');
	IF m IS NULL THEN
		m := regexp_match(pressure, $r$\m(\d{3,4})\s*(?:#|lbs?\M)$r$, 'i');
	END IF;
	IF m IS NOT NULL AND m[1]::int IN (125, 150, 250, 300, 400, 600, 800, 900, 1500, 2500, 4500) THEN
		RETURN m[1]::int;
	END IF;
	RETURN NULL;
END
$fn$;--> statement-breakpoint
-- PN as written (PN 40, PN40); for an ASME class, the PN that EN 1759-1 pairs with it (150 ↔ PN 20, 300 ↔ 50,
-- 400 ↔ 68, 600 ↔ 110, 900 ↔ 150, 1500 ↔ 260, 2500 ↔ 420), so "class 600 or higher" also finds PN 160 valves.
CREATE FUNCTION valve_pressure_pn(pressure text) RETURNS integer LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
DECLARE
	m text[];
BEGIN
	m := regexp_match(pressure, $r$\mPN\s*(\d{1,3})\M$r$, 'i');
	IF m IS NOT NULL THEN
		RETURN NULLIF(m[1]::int, 0);
	END IF;
	RETURN CASE valve_pressure_class(pressure)
		WHEN 150 THEN 20 WHEN 300 THEN 50 WHEN 400 THEN 68 WHEN 600 THEN 110
		WHEN 900 THEN 150 WHEN 1500 THEN 260 WHEN 2500 THEN 420 END;
END
$fn$;--> statement-breakpoint
ALTER TABLE "valves" ADD COLUMN "size_dn" integer GENERATED ALWAYS AS (valve_size_dn(size)) STORED;--> statement-breakpoint
ALTER TABLE "valves" ADD COLUMN "size_nps" numeric(6, 3) GENERATED ALWAYS AS (valve_size_nps(size)) STORED;--> statement-breakpoint
ALTER TABLE "valves" ADD COLUMN "pressure_class" integer GENERATED ALWAYS AS (valve_pressure_class(pressure)) STORED;--> statement-breakpoint
ALTER TABLE "valves" ADD COLUMN "pressure_pn" integer GENERATED ALWAYS AS (valve_pressure_pn(pressure)) STORED;--> statement-breakpoint
ALTER TABLE "valves" ADD COLUMN "body_material" text;--> statement-breakpoint
ALTER TABLE "valves" ADD COLUMN "trim_material" text;--> statement-breakpoint
ALTER TABLE "valves" ADD COLUMN "end_connection" text;