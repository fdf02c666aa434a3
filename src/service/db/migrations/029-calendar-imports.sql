-- calendar_imports: other sites' .ics exports that block a variant's dates (issue 31, point 6)
--
-- Every service process polls the imports due (`next_fetch_at`), claiming each with a lease by
-- the database's clock (`claimed_by`, `claimed_until`, FOR UPDATE SKIP LOCKED), as the outbox's
-- sender does. Each event of a feed becomes a blackout of the variant, marked by `import_id` and
-- the event's UID (`import_uid`), so a later fetch moves or deletes it. A fetch that fails keeps
-- the blackouts as they were and records why (`last_status`, `last_error`).
CREATE TABLE calendar_imports (
  id               bigserial PRIMARY KEY,
  shop_id          bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  variant_id       bigint NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
  url              text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- 'pending' until the first fetch; then 'ok', 'unchanged' (304) or 'error'
  last_status      text NOT NULL DEFAULT 'pending' CHECK (last_status IN ('pending', 'ok', 'unchanged', 'error')),
  last_error       text,
  last_fetched_at  timestamptz,
  event_count      integer NOT NULL DEFAULT 0,
  etag             text,
  next_fetch_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
  claimed_by       text,
  claimed_until    timestamptz,
  UNIQUE (variant_id, url)
);
CREATE INDEX calendar_imports_due ON calendar_imports (next_fetch_at);
CREATE INDEX calendar_imports_shop ON calendar_imports (shop_id, variant_id);

ALTER TABLE blackouts ADD COLUMN import_id bigint REFERENCES calendar_imports(id) ON DELETE CASCADE;
ALTER TABLE blackouts ADD COLUMN import_uid text;
CREATE UNIQUE INDEX blackouts_import_uid ON blackouts (import_id, import_uid) WHERE import_id IS NOT NULL;
