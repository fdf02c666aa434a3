-- slot widgets, and a hold's cart quantity priced per slot
--
-- Migration 21 (issue 29, ../shared/spec/SLOTS.md §3): a widget may be of type `slot` (the
-- shopper picks a day, then one of its times), and a widget may price per slot (`slot`: units ×
-- the consecutive slots a hold of a `units` variant runs over).
--
-- `record_hold_pricing` (migration 13) is replaced: a slot widget's default pricing is per
-- booking (per person, like a date widget's), and a timed item (all_day 0, a slot variant's)
-- carries units × slots under `slot` pricing, its slots being its elapsed minutes over its
-- variant's `duration_minutes` (consecutive slots follow each other without a gap), and units
-- alone under any other pricing (a slot run lies within the booking: `day` or `night` count it
-- once). A whole-days item under `slot` pricing carries units alone (it holds no slots). The
-- expressions mirror `resolveSettings` (shared/settings.ts), `priceUnitsOfDays` and
-- `priceUnitsOfSlots` (shared/pricing.ts); test/service/shopify/hold-pricing.test.ts holds them
-- to the same answers.
ALTER TABLE widgets DROP CONSTRAINT widgets_type_check;
ALTER TABLE widgets ADD CONSTRAINT widgets_type_check CHECK (type IN ('date', 'range', 'slot'));
ALTER TABLE reservation_items DROP CONSTRAINT reservation_items_pricing_check;
ALTER TABLE reservation_items ADD CONSTRAINT reservation_items_pricing_check
  CHECK (pricing IN ('booking', 'day', 'night', 'slot'));

CREATE OR REPLACE FUNCTION record_hold_pricing() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  w_type text;
  w_settings jsonb;
  v_count text;
  v_days integer := NEW.finish_day - NEW.start_day;
  v_duration integer;
  v_slots integer;
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
                          CASE WHEN w_type IN ('date', 'slot') THEN 'booking'
                               WHEN v_count = 'nights' THEN 'night' ELSE 'day' END);
  IF NEW.all_day = 0 THEN
    SELECT (v.schedule->>'duration_minutes')::int INTO v_duration FROM variants v WHERE v.id = NEW.variant_id;
    v_slots := CASE WHEN coalesce(v_duration, 0) > 0
                    THEN greatest(1, round(extract(epoch FROM NEW.finish_at - NEW.start_at) / 60 / v_duration)::int)
                    ELSE 1 END;
    NEW.line_quantity := NEW.quantity * CASE WHEN NEW.pricing = 'slot' THEN v_slots ELSE 1 END;
    RETURN NEW;
  END IF;
  NEW.line_quantity := NEW.quantity * CASE
      WHEN NEW.pricing IN ('booking', 'slot') THEN 1
      WHEN NEW.pricing = CASE WHEN v_count = 'nights' THEN 'night' ELSE 'day' END THEN v_days
      WHEN NEW.pricing = 'day' THEN v_days + 1
      ELSE greatest(1, v_days - 1)
    END;
  RETURN NEW;
END
$$;
