-- questions asked with a booking, and a reservation's answers to them
--
-- Migration 18 (issue 27, point 8): a merchant's questions per product, optionally only for one
-- variant, in the order `position` gives. `per` says whether a question is asked once per
-- booking or once per unit held; `translations` holds other languages' wordings by locale
-- ({"de": {"label": ..., "help": ..., "options": [...]}}). A reservation keeps its cart's answers
-- (`answers`: [{question_id, product_id, name, value}], the name the booking's field takes);
-- a booking made from the reservation carries those of its products.
CREATE TABLE questions (
  id            bigserial PRIMARY KEY,
  shop_id       bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  product_id    bigint NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  variant_id    bigint REFERENCES variants(id) ON DELETE CASCADE,
  position      integer NOT NULL DEFAULT 0,
  kind          text NOT NULL CHECK (kind IN ('short_text', 'long_text', 'choice', 'checkbox', 'number')),
  label         text NOT NULL,
  help          text,
  required      boolean NOT NULL DEFAULT false,
  per           text NOT NULL DEFAULT 'booking' CHECK (per IN ('booking', 'unit')),
  options       jsonb NOT NULL DEFAULT '[]',
  max_length    integer,
  min           numeric,
  max           numeric,
  translations  jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX questions_product ON questions (product_id, position);

ALTER TABLE reservations ADD COLUMN answers jsonb NOT NULL DEFAULT '[]';
