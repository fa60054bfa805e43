-- Every change that could make a cached session user wrong is announced on one channel, by the
-- database itself, whoever makes it (an HTTP worker, another instance, the admin CLI, housekeeping):
-- the workers' session caches drop what it names (src/server/security/sessionCache/). The payload is
-- '<kind>:<id>' (u user, c company, s session) or '*' (everything: a TRUNCATE). A NOTIFY is sent at
-- commit, in commit order. The columns listed are the session user's (services/accounts/sessionUser.ts)
-- and what decides whether a session signs anybody in; tests/server/security/sessionCacheTriggers.test.ts
-- fails if the session user reads a column not listed here. A session's last_seen_at (touched once a
-- minute) and a user's login counters change nothing cached and announce nothing.
CREATE FUNCTION "session_cache_announce"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_LEVEL = 'STATEMENT' THEN
		PERFORM pg_notify('portal_session_cache', '*');
	ELSE
		PERFORM pg_notify('portal_session_cache', TG_ARGV[0] || ':' || OLD."id"::text);
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_session_cache" AFTER UPDATE ON "users"
	FOR EACH ROW WHEN (
		(OLD."email", OLD."first_name", OLD."last_name", OLD."phone_area_code", OLD."phone", OLD."role",
		 OLD."back_office_roles", OLD."position", OLD."status", OLD."language", OLD."company_id")
		IS DISTINCT FROM
		(NEW."email", NEW."first_name", NEW."last_name", NEW."phone_area_code", NEW."phone", NEW."role",
		 NEW."back_office_roles", NEW."position", NEW."status", NEW."language", NEW."company_id"))
	EXECUTE FUNCTION "session_cache_announce"('u');--> statement-breakpoint
CREATE TRIGGER "users_session_cache_delete" AFTER DELETE ON "users"
	FOR EACH ROW EXECUTE FUNCTION "session_cache_announce"('u');--> statement-breakpoint
CREATE TRIGGER "users_session_cache_truncate" AFTER TRUNCATE ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_announce"();--> statement-breakpoint
CREATE TRIGGER "companies_session_cache" AFTER UPDATE ON "companies"
	FOR EACH ROW WHEN (
		(OLD."operator_id", OLD."name", OLD."location", OLD."credit_code", OLD."certification_status",
		 OLD."audit_status")
		IS DISTINCT FROM
		(NEW."operator_id", NEW."name", NEW."location", NEW."credit_code", NEW."certification_status",
		 NEW."audit_status"))
	EXECUTE FUNCTION "session_cache_announce"('c');--> statement-breakpoint
CREATE TRIGGER "companies_session_cache_delete" AFTER DELETE ON "companies"
	FOR EACH ROW EXECUTE FUNCTION "session_cache_announce"('c');--> statement-breakpoint
CREATE TRIGGER "companies_session_cache_truncate" AFTER TRUNCATE ON "companies"
	FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_announce"();--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache" AFTER UPDATE ON "sessions"
	FOR EACH ROW WHEN (
		(OLD."user_id", OLD."token_hash", OLD."expires_at", OLD."revoked_at", OLD."revoked_reason")
		IS DISTINCT FROM
		(NEW."user_id", NEW."token_hash", NEW."expires_at", NEW."revoked_at", NEW."revoked_reason"))
	EXECUTE FUNCTION "session_cache_announce"('s');--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_delete" AFTER DELETE ON "sessions"
	FOR EACH ROW EXECUTE FUNCTION "session_cache_announce"('s');--> statement-breakpoint
CREATE TRIGGER "sessions_session_cache_truncate" AFTER TRUNCATE ON "sessions"
	FOR EACH STATEMENT EXECUTE FUNCTION "session_cache_announce"();
