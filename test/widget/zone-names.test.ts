// Zones named in words beside a hold (WIDGET.md "Shows the reservation"): Intl's generic name
// under today's rules, or the zone's own name where Intl offers only an offset.
import { describe, expect, it } from 'vitest';
import { zoneName } from '../../src/widget/hold/zone-names.ts';

describe('a zone named in words', () => {
  it('names a zone with summer time by its generic name all year, not its standard time', () => {
    expect(zoneName('Australia/Melbourne', 'en')).toBe('Australian Eastern Time');
    expect(zoneName('Europe/Berlin', 'en')).toBe('Central European Time');
  });

  it('keeps a zone without summer time by its own name in words', () => {
    expect(zoneName('Asia/Kolkata', 'en')).toBe('India Standard Time');
  });

  it('uses the IANA name where Intl has only an offset, in any language', () => {
    expect(zoneName('Etc/UTC', 'en')).toBe('Etc/UTC');
    expect(zoneName('UTC', 'ar')).toBe('UTC');
    expect(zoneName('America/Argentina/Buenos_Aires', 'xx-unknown')).not.toMatch(/\d/);
  });
});
