-- token hints and labels (the merchant API)
--
-- Migration 6 (the merchant API): a token keeps a hint of itself (its kind's prefix and last
-- four characters, as Stripe's dashboard shows keys) and a label, so a merchant can tell tokens
-- apart without the service keeping them, and when it was last changed.
ALTER TABLE tokens ADD COLUMN hint text;
ALTER TABLE tokens ADD COLUMN label text;
