-- admin sessions and one-time sign-in links
--
-- Migration 7 (the merchant admin): sign-in sessions and one-time sign-in links. Only SHA-256
-- hashes of the session ids and codes are stored, as for tokens. A session belongs to the
-- secret token it was opened with: revoking that token ends it (ON DELETE CASCADE).
CREATE TABLE admin_sessions (
  id_hash     text PRIMARY KEY,
  token_id    bigint NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL
);
CREATE INDEX admin_sessions_expires ON admin_sessions (expires_at);

CREATE TABLE admin_sign_in_codes (
  code_hash   text PRIMARY KEY,
  token_id    bigint NOT NULL REFERENCES tokens(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL
);
