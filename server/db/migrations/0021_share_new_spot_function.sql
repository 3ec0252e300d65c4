-- A new spot's shares are written by this function, called in the statement that inserts the spot (ADR 0060, 0063):
-- the spot's insert returns what the shares copy, and the function inserts one share for each of the given circles
-- the owner is a member of, holding that membership (key share) until the transaction ends, so someone leaving the
-- circle meanwhile waits and then takes the share away with their others. It returns how many shares it wrote.
-- Written inline, the share's insert was planned again on every request, which cost about as much as writing the
-- share itself; a function's statements keep their plan for the connection.
CREATE FUNCTION foray_share_new_spot(spot_id uuid, owner text, kind text, public boolean,
  shown_lat double precision, shown_lng double precision, circle_ids uuid[]) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  shared integer;
BEGIN
  INSERT INTO location_circles (location_id, circle_id, owner_id, type, is_public, shown_latitude, shown_longitude,
    owner_counted)
  SELECT spot_id, m.circle_id, owner, kind, public, shown_lat, shown_lng, true
  FROM circle_members m
  WHERE m.user_id = owner AND m.circle_id = ANY(circle_ids)
  FOR KEY SHARE OF m;
  GET DIAGNOSTICS shared = ROW_COUNT;
  RETURN shared;
END
$$;
