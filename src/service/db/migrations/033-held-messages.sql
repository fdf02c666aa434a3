-- held: a message whose recipient is not one email address
--
-- Migration 33 (issue 38, point 5). An outbox row's recipient is copied by the triggers from the
-- booking's first customer, the shop's notify_email or a member of staff's address. Whatever
-- wrote those (a Shopify order's email such as 'a@x, evil@example.com', an address stored
-- before the API refused lists, a script), the sender checks the recipient with the service's
-- one rule right before the mail library sees it; a row that is not one address becomes
-- `held`: never handed to the mail server, never retried, its reason in last_error for the
-- admin. The rows and the triggers that write them are unchanged (the booking is booked and
-- announced exactly once, as before); only the state is new.
ALTER TABLE outbox_messages DROP CONSTRAINT outbox_messages_state_check;
ALTER TABLE outbox_messages ADD CONSTRAINT outbox_messages_state_check
  CHECK (state IN ('pending', 'sent', 'failed', 'unsent', 'held'));
