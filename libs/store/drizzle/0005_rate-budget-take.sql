-- The shared rate budget's decision in one statement (one round trip, one short transaction): under a
-- transaction-scoped lock on the key, drop expired slots, count the rest, and take one when there is
-- room and no pause (up to p_wanted at once, one row each); otherwise one row saying how many
-- milliseconds until room could first appear.
CREATE FUNCTION rate_budget_take(p_key text, p_window_ms double precision, p_hold_ms double precision, p_limit integer, p_wanted integer)
RETURNS TABLE (slot_id bigint, wait_ms double precision)
LANGUAGE plpgsql AS $$
DECLARE
  v_now timestamptz;
  v_window interval := p_window_ms * interval '1 millisecond';
  v_in_use integer;
  v_paused_ms double precision;
  v_room_ms double precision;
BEGIN
  PERFORM pg_advisory_xact_lock(1467011418, hashtext(p_key));
  v_now := clock_timestamp();
  DELETE FROM rate_budget_slots s
    WHERE s.key = p_key
      AND ((s.settled_at IS NOT NULL AND s.settled_at + v_window <= v_now) OR (s.settled_at IS NULL AND s.hold_until <= v_now));
  SELECT count(*) INTO v_in_use FROM rate_budget_slots s WHERE s.key = p_key;
  SELECT extract(epoch FROM (b.paused_until - v_now)) * 1000 INTO v_paused_ms
    FROM rate_budgets b WHERE b.key = p_key AND b.paused_until > v_now;
  IF v_in_use < p_limit AND v_paused_ms IS NULL THEN
    RETURN QUERY
      INSERT INTO rate_budget_slots (key, sent_at, hold_until)
        SELECT p_key, v_now, v_now + p_hold_ms * interval '1 millisecond' FROM generate_series(1, least(p_wanted, p_limit - v_in_use))
        RETURNING id, 0::double precision;
    RETURN;
  END IF;
  IF v_in_use >= p_limit THEN
    -- An unsettled slot cannot stop counting before a full window from now (or its hold, if sooner).
    SELECT e.ms INTO v_room_ms FROM (
      SELECT extract(epoch FROM (least(coalesce(s.settled_at, v_now) + v_window, CASE WHEN s.settled_at IS NULL THEN s.hold_until END) - v_now)) * 1000 AS ms
        FROM rate_budget_slots s WHERE s.key = p_key ORDER BY 1 OFFSET (v_in_use - p_limit) LIMIT 1
    ) e;
  END IF;
  slot_id := NULL;
  wait_ms := greatest(coalesce(v_paused_ms, 0), coalesce(v_room_ms, 0), 1);
  RETURN NEXT;
END
$$;
