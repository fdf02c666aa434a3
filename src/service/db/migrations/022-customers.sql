-- customers: one record per person a shop's bookings name, found again by email
--
-- Migration 22 (issue 30, point 3: "customers listed with their bookings"). A booking keeps its
-- `customers` jsonb (the record it answers with, as posted); `customers` holds one row per shop
-- and email (case-insensitive: Ada@Example.com is ada@example.com), with the names and phone of
-- the latest booking that named them, and `booking_customers` links each booking to the
-- customers it names, in their order (`position` 0 is the one the booking is "for"). Bookings
-- made and changed through the API keep both up to date in their own transaction
-- (bookings/customer-queries.ts); the rows below backfill the bookings made before.
CREATE TABLE customers (
  id          bigserial PRIMARY KEY,
  shop_id     bigint NOT NULL REFERENCES shops(id) ON DELETE CASCADE,
  email       text NOT NULL,
  first_name  text NOT NULL DEFAULT '',
  last_name   text NOT NULL DEFAULT '',
  phone       text,
  created_at  timestamptz NOT NULL,
  updated_at  timestamptz NOT NULL
);
CREATE UNIQUE INDEX customers_shop_email ON customers (shop_id, lower(email));

CREATE TABLE booking_customers (
  booking_id   bigint NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
  customer_id  bigint NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
  position     integer NOT NULL,
  PRIMARY KEY (booking_id, customer_id)
);
CREATE INDEX booking_customers_customer ON booking_customers (customer_id);

-- Each email once per shop, named as its latest booking names it (created last, then highest id).
INSERT INTO customers (shop_id, email, first_name, last_name, phone, created_at, updated_at)
SELECT DISTINCT ON (b.shop_id, lower(p.person->>'email'))
       b.shop_id, p.person->>'email', coalesce(p.person->>'first_name', ''), coalesce(p.person->>'last_name', ''),
       nullif(p.person->>'phone', ''), b.created_at, b.created_at
  FROM bookings b, jsonb_array_elements(b.customers) AS p (person)
 WHERE jsonb_typeof(b.customers) = 'array' AND coalesce(p.person->>'email', '') <> ''
 ORDER BY b.shop_id, lower(p.person->>'email'), b.created_at DESC, b.id DESC;

-- A person's first record wins when one booking names the same email twice.
INSERT INTO booking_customers (booking_id, customer_id, position)
SELECT b.id, c.id, min(p.n)::integer - 1
  FROM bookings b, jsonb_array_elements(b.customers) WITH ORDINALITY AS p (person, n), customers c
 WHERE jsonb_typeof(b.customers) = 'array' AND c.shop_id = b.shop_id
   AND lower(c.email) = lower(p.person->>'email')
 GROUP BY b.id, c.id;
