-- staff accounts, invitations, passkeys, sessions per person, and the audit log
--
-- Migration 23 (issue 30 point 5): each person signs in to the admin with an account of their
-- own; the secret token is for the API only. A shop's staff are `owner` or `staff`. Passwords
-- are stored as scrypt hashes (`scrypt$N$r$p$salt$hash`, src/service/staff/passwords.ts),
-- invitation codes and session ids by their SHA-256 only. An admin session now belongs to a
-- member of staff: sessions opened with a token (before this migration) are ended.
CREATE TABLE staff (
  id             bigserial PRIMARY KEY,
  shop_id        bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  email          text,
  name           text NOT NULL DEFAULT '',
  role           text NOT NULL CHECK (role IN ('owner', 'staff')),
  password_hash  text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- An address signs in to one account per shop; the sign-in form names no shop, so an address
-- is unique across shops too (one person, one account per address).
CREATE UNIQUE INDEX staff_email ON staff (lower(email));
CREATE INDEX staff_shop ON staff (shop_id);

CREATE TABLE staff_invitations (
  id           bigserial PRIMARY KEY,
  shop_id      bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  email        text NOT NULL,
  role         text NOT NULL CHECK (role IN ('owner', 'staff')),
  code_hash    text NOT NULL UNIQUE,
  invited_by   bigint REFERENCES staff(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  accepted_at  timestamptz
);
CREATE INDEX staff_invitations_shop ON staff_invitations (shop_id);

CREATE TABLE staff_passkeys (
  id             bigserial PRIMARY KEY,
  staff_id       bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  credential_id  text NOT NULL UNIQUE,
  public_key     text NOT NULL,
  counter        bigint NOT NULL DEFAULT 0,
  transports     text[] NOT NULL DEFAULT '{}',
  name           text NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now()
);

-- A WebAuthn ceremony's challenge, kept until it is answered (or for 5 minutes).
CREATE TABLE staff_challenges (
  id_hash     text PRIMARY KEY,
  challenge   text NOT NULL,
  staff_id    bigint REFERENCES staff(id) ON DELETE CASCADE,
  expires_at  timestamptz NOT NULL
);

DELETE FROM admin_sessions;
ALTER TABLE admin_sessions ALTER COLUMN token_id DROP NOT NULL;
ALTER TABLE admin_sessions ADD COLUMN id bigserial UNIQUE;
ALTER TABLE admin_sessions ADD COLUMN staff_id bigint NOT NULL REFERENCES staff(id) ON DELETE CASCADE;
ALTER TABLE admin_sessions ADD COLUMN user_agent text NOT NULL DEFAULT '';
ALTER TABLE admin_sessions ADD COLUMN last_seen_at timestamptz NOT NULL DEFAULT now();
CREATE INDEX admin_sessions_staff ON admin_sessions (staff_id);

-- Every successful change, kept with the shop: who (a member of staff, a token, Shopify, a
-- shopper's cart), what (the words of its route and the target's id) and when (the database's clock).
CREATE TABLE audit_log (
  id           bigserial PRIMARY KEY,
  shop_id      bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  at           timestamptz NOT NULL,
  actor_kind   text NOT NULL CHECK (actor_kind IN ('staff', 'token', 'shopify', 'cart')),
  staff_id     bigint REFERENCES staff(id) ON DELETE SET NULL,
  actor        text NOT NULL,
  action       text NOT NULL,
  target_id    text,
  method       text NOT NULL,
  path         text NOT NULL
);
CREATE INDEX audit_log_shop_at ON audit_log (shop_id, id DESC);
