-- A signature is never changed, so its insert is all its history has to say: the audit entry of a new signature
-- keeps who signed, as what, and an amendment's reason (issue 27 item 3), in the shape of an update's changes.
-- Every other insert is logged as before, without values.
CREATE OR REPLACE FUNCTION audit_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  the_row jsonb := coalesce(new_row, old_row);
  diff jsonb;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    SELECT jsonb_object_agg(key, CASE WHEN key LIKE '%\_hash' THEN '{"old":"(secret)","new":"(changed)"}'::jsonb
                                      ELSE jsonb_build_object('old', old_row -> key, 'new', value) END)
      INTO diff
      FROM jsonb_each(new_row)
      WHERE key NOT IN ('updated_at', 'version') AND old_row -> key IS DISTINCT FROM value;
    IF diff IS NULL THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_object_agg(key, value) INTO diff FROM jsonb_each(old_row) WHERE key NOT LIKE '%\_hash';
  ELSIF TG_TABLE_NAME = 'signatures' THEN
    SELECT jsonb_object_agg(key, jsonb_build_object('old', null, 'new', value))
      INTO diff
      FROM jsonb_each(new_row)
      WHERE key IN ('printed_name', 'meaning', 'kind', 'amendment_text', 'amends_signature_id', 'content_hash')
        AND value <> 'null'::jsonb;
  END IF;
  INSERT INTO audit_log (organization_id, table_name, row_id, action, changes, user_id, device)
  VALUES ((the_row ->> 'organization_id')::integer, TG_TABLE_NAME, coalesce(the_row ->> 'id', ''), lower(TG_OP), diff,
          -- Without a named actor, a new row's own author column says who made it.
          coalesce(nullif(current_setting('valveops.user_id', true), '')::integer,
                   CASE WHEN TG_OP = 'INSERT' THEN coalesce(the_row ->> 'created_by_user_id',
                     the_row ->> 'performed_by_user_id', the_row ->> 'recorded_by_user_id',
                     the_row ->> 'attached_by_user_id', the_row ->> 'user_id')::integer END),
          nullif(current_setting('valveops.device', true), ''));
  RETURN NULL;
END $$;
