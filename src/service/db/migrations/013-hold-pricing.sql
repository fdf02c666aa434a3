-- a hold records its pricing and the quantity its cart line must carry; a Shopify conflict what was held and paid
--
-- Migration 13 (issue 25): a hold records, when it is made, the pricing it was sold under and the
-- quantity its Shopify cart line must carry, so a later change of the product's widgets cannot
-- change what an existing hold costs; and a Shopify conflict records what was held and what
-- was paid.
--
-- The pricing is that of the widget the storefront shows for the product, its oldest (API.md
-- §4.1), else the `range` defaults (per day). A BEFORE INSERT trigger on `reservation_items`
-- fills it, so every writer of holds records it in the writing statement (the hot hold path,
-- `hold_items`, is unchanged and takes no extra round trip). The trigger's two expressions
-- mirror `resolveSettings`' default pricing (shared/settings.ts) and `priceUnitsOfDays`
-- (shared/pricing.ts): `test/service/shopify/hold-pricing.test.ts` holds them to the same
-- answers over every type, count, pricing and length. Items written before this migration keep
-- NULL: an order for one is judged by the product's widget at the time of the order, as before.
ALTER TABLE reservation_items
  ADD COLUMN pricing text CHECK (pricing IN ('booking', 'day', 'night')),
  ADD COLUMN line_quantity integer CHECK (line_quantity > 0);

CREATE FUNCTION record_hold_pricing() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w_type text;
  w_settings jsonb;
  v_count text;
  v_days integer := NEW.finish_day - NEW.start_day;
BEGIN
  IF NEW.pricing IS NOT NULL AND NEW.line_quantity IS NOT NULL THEN
    RETURN NEW;
  END IF;
  SELECT w.type, w.settings INTO w_type, w_settings
    FROM variants v JOIN widget_products wp ON wp.product_id = v.product_id JOIN widgets w ON w.id = wp.widget_id
   WHERE v.id = NEW.variant_id ORDER BY w.id LIMIT 1;
  IF NOT FOUND THEN
    w_type := 'range';
    w_settings := '{}';
  END IF;
  v_count := coalesce(w_settings->>'count', 'days');
  NEW.pricing := coalesce(w_settings->>'pricing',
                          CASE WHEN w_type = 'date' THEN 'booking' WHEN v_count = 'nights' THEN 'night' ELSE 'day' END);
  NEW.line_quantity := NEW.quantity * CASE
      WHEN NEW.pricing = 'booking' THEN 1
      WHEN NEW.pricing = CASE WHEN v_count = 'nights' THEN 'night' ELSE 'day' END THEN v_days
      WHEN NEW.pricing = 'day' THEN v_days + 1
      ELSE greatest(1, v_days - 1)
    END;
  RETURN NEW;
END
$$;
CREATE TRIGGER reservation_items_pricing BEFORE INSERT ON reservation_items
  FOR EACH ROW EXECUTE FUNCTION record_hold_pricing();

ALTER TABLE shopify_conflicts
  ADD COLUMN line_quantity integer,
  ADD COLUMN held_line_quantity integer,
  ADD COLUMN pricing text,
  ADD COLUMN booking_id bigint REFERENCES bookings(id) ON DELETE SET NULL;
