DROP INDEX "registrations_event_mobile";--> statement-breakpoint
DROP INDEX "waitlist_event_mobile";--> statement-breakpoint
CREATE INDEX "registrations_event_mobile" ON "registrations" USING btree ("event_id","mobile",lower("first_name"),lower("last_name")) WHERE "registrations"."anonymised_at" is null;--> statement-breakpoint
CREATE INDEX "waitlist_event_mobile" ON "waitlist_entries" USING btree ("event_id","mobile",lower("first_name"),lower("last_name")) WHERE "waitlist_entries"."anonymised_at" is null;--> statement-breakpoint
-- The same-person check is planned at each entry, and names no status in its WHERE (it asks whether any entry
-- found is active, or waiting). A plan kept from when the table was nearly empty scanned an index of the event's
-- or the race's entries without its key, for every new entry: a new event's 7,000 entries on one mobile read
-- 26 million rows (issue 44). A plan made at each entry sees the table as it is, and picks the four columns of
-- *_event_mobile once there are more than a few entries; without a status in the WHERE no index of active
-- entries alone can serve it, even before. Planning costs about 0.1 ms of the database's time per entry.
CREATE OR REPLACE FUNCTION same_person_by_mobile() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  found boolean;
  lock_key bigint;
BEGIN
  IF NEW.anonymised_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
  IF TG_TABLE_NAME = 'registrations' THEN
    IF NEW.status <> 'active' THEN
      RETURN NULL;
    END IF;
  ELSIF NEW.status NOT IN ('waiting', 'offered') THEN
    RETURN NULL;
  END IF;
  lock_key := hashtextextended('same-person ' || NEW.event_id || ' ' || NEW.mobile, 0);
  IF NEW.email IS NULL THEN
    PERFORM pg_advisory_xact_lock(lock_key);
  ELSE
    PERFORM pg_advisory_xact_lock_shared(lock_key);
  END IF;
  IF TG_TABLE_NAME = 'registrations' THEN
    SELECT coalesce(bool_or(other.status = 'active'), false) INTO found FROM registrations other
      WHERE other.event_id = NEW.event_id AND other.mobile = NEW.mobile
        AND lower(other.first_name) = lower(NEW.first_name) AND lower(other.last_name) = lower(NEW.last_name)
        AND other.anonymised_at IS NULL AND other.id <> NEW.id
        AND other.discipline = NEW.discipline
        AND (other.email IS NULL OR NEW.email IS NULL)
        AND abs(other.age - NEW.age) <= 1;
  ELSE
    SELECT coalesce(bool_or(other.status IN ('waiting', 'offered')), false) INTO found FROM waitlist_entries other
      WHERE other.event_id = NEW.event_id AND other.mobile = NEW.mobile
        AND lower(other.first_name) = lower(NEW.first_name) AND lower(other.last_name) = lower(NEW.last_name)
        AND other.anonymised_at IS NULL AND other.id <> NEW.id
        AND other.discipline = NEW.discipline
        AND (other.email IS NULL OR NEW.email IS NULL)
        AND abs(other.age - NEW.age) <= 1;
  END IF;
  IF found THEN
    RAISE EXCEPTION 'the same person is already entered (by mobile)'
      USING ERRCODE = 'unique_violation', CONSTRAINT = TG_ARGV[0];
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
ALTER FUNCTION same_person_by_mobile() SET plan_cache_mode = force_custom_plan;
--> statement-breakpoint
-- Whether a public action's mail to `recipient` may go (fewer than `per_recipient` such mails in the last
-- `window_seconds`), under the recipient's lock, held to the end of the transaction: requests at once count
-- one after another. It is a function because its count, made after the lock, then sees every mail committed
-- by whoever held the lock before; in the calling statement itself the count would be of the statement's
-- snapshot, taken before the lock. So a registration's one statement takes the lock, counts and queues its
-- mail, without a transaction and a round trip of its own for the lock (issue 44: registrations ÷ pgbench).
-- The lock is the one lockMailRecipient takes.
CREATE FUNCTION public_action_mail_room(recipient text, per_recipient integer, window_seconds integer)
RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('mail-to:' || lower(recipient)));
  RETURN (SELECT count(*) FROM mail_outbox
    WHERE lower("to") = lower(recipient) AND public_action
      AND created_at > now() - make_interval(secs => window_seconds)) < per_recipient;
END;
$$;
