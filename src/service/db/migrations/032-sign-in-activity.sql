-- sign-in attempts in the audit log
--
-- Migration 32 (issue 38 point 3): every way into the admin is recorded in the shop's Activity,
-- and so is every refused or limited attempt. An attempt with an address no account has is
-- made by no member of staff: its actor is a `visitor` (named by the address typed, never the
-- password), recorded in the shop's log when the service holds one shop.
ALTER TABLE audit_log DROP CONSTRAINT audit_log_actor_kind_check;
ALTER TABLE audit_log ADD CONSTRAINT audit_log_actor_kind_check
  CHECK (actor_kind IN ('staff', 'token', 'shopify', 'cart', 'customer', 'visitor'));
