/**
 * Ticket types and shopper pools as the widget reads them from the widget record (issue 39):
 * which products need the shared resources' file, each type's shared units, the group's day
 * from its types' days, who is free, and each type's price from the page.
 */
import { describe, expect, it } from 'vitest';
import type { AvailabilityDay, ResourceVariant, Widget } from '../../src/shared/records.ts';
import { resourceGroup } from '../../src/widget/resources/group.ts';
import { freeIds, groupDay } from '../../src/widget/resources/merge.ts';
import { needsResources } from '../../src/widget/resources/needs.ts';
import { variantPrice } from '../../src/widget/resources/prices.ts';

const SEATS = { id: 1, name: 'Boat seats' };
const ANNA = { id: 2, name: 'Anna' };
const BEN = { id: 3, name: 'Ben' };
const seats = (uses = 1) => ({ per: 'unit' as const, uses, choice: 'any' as const, resources: [SEATS] });
const guide = { per: 'slot' as const, uses: 1, choice: 'shopper' as const, resources: [ANNA, BEN] };

function variant(
  id: number,
  title: string,
  requirements: ResourceVariant['requirements'],
  product = 10,
): ResourceVariant {
  return { external_id: id, product_external_id: product, title, requirements };
}

function widget(variants: ResourceVariant[]): Widget {
  return { resource_variants: variants } as unknown as Widget;
}

const cruise = widget([
  variant(101, 'Adult', [seats(), guide]),
  variant(102, 'Child', [seats(), guide]),
  variant(103, 'Family (4)', [seats(4)]),
  variant(201, 'Single kayak', [{ per: 'unit', uses: 1, choice: 'any', resources: [{ id: 9, name: 'Fleet' }] }], 20),
]);

describe('which products load the shared resources’ file', () => {
  it('loads it for ticket types sharing seats, or a pool the shopper chooses from', () => {
    expect(needsResources(cruise, '10')).toBe(true);
    expect(needsResources(widget([variant(101, 'Adult', [guide])]), '10')).toBe(true);
  });

  it('does not load it for a variant drawing alone on a fleet the shop assigns, nor for another product', () => {
    expect(needsResources(cruise, '20')).toBe(false);
    expect(needsResources(cruise, '30')).toBe(false);
    expect(needsResources(widget([]), '10')).toBe(false);
    expect(needsResources(undefined, '10')).toBe(false);
  });
});

describe('a product’s ticket types and pools', () => {
  it('gives the variants sharing the page’s variant’s seats, each with the seats one of it takes', () => {
    const group = resourceGroup(cruise, '10', '102')!;
    expect(group.types.map((t) => [t.variant, t.title, t.seats, t.pool])).toEqual([
      ['101', 'Adult', 1, '2,3'],
      ['102', 'Child', 1, '2,3'],
      ['103', 'Family (4)', 4, undefined],
    ]);
    expect(group.pools).toEqual([{ key: '2,3', members: [ANNA, BEN] }]);
    expect(group.shared).toEqual([SEATS]);
  });

  it('gives a pool alone for a variant that shares no seats, and nothing for a variant with neither', () => {
    const pool = resourceGroup(widget([variant(101, 'Adult', [guide])]), '10', '101')!;
    expect(pool.types.map((t) => t.variant)).toEqual(['101']);
    expect(pool.shared).toEqual([]);
    expect(resourceGroup(cruise, '20', '201')).toBeUndefined();
    // A variant the record does not list draws on no shared resource.
    expect(resourceGroup(cruise, '10', '199')).toBeUndefined();
  });
});

const day = (quantity_available: number, quantity_free = quantity_available, extra: Partial<AvailabilityDay> = {}) =>
  ({
    date: '2026-11-24',
    quantity_available,
    quantity_free,
    status: 'ok',
    status_code: 1,
    ...extra,
  }) as AvailabilityDay;

describe('what is left for the group on a day', () => {
  it('is the most seats any type could take: a type held back by its own capacity does not hide the seats', () => {
    // 9 seats free; Child's own capacity leaves it 6.
    expect(
      groupDay([
        { day: day(9), seats: 1 },
        { day: day(6), seats: 1 },
      ])?.quantity_available,
    ).toBe(9);
    // A family ticket takes 4 seats: two of them are 8 seats.
    expect(
      groupDay([
        { day: day(9), seats: 1 },
        { day: day(2), seats: 4 },
      ])?.quantity_available,
    ).toBe(9);
    expect(
      groupDay([
        { day: day(1), seats: 1 },
        { day: day(2), seats: 4 },
      ])?.quantity_available,
    ).toBe(8);
  });

  it('keeps the freest type’s status and reasons, and waits until every type’s day is in', () => {
    const closed = day(0, 5, { status: 'blacked_out', status_code: 3 });
    expect(
      groupDay([
        { day: closed, seats: 1 },
        { day: closed, seats: 1 },
      ]),
    ).toMatchObject({
      status: 'blacked_out',
      quantity_available: 0,
      quantity_free: 5,
    });
    expect(
      groupDay([
        { day: day(3), seats: 1 },
        { day: undefined, seats: 1 },
      ]),
    ).toBeUndefined();
  });
});

describe('who of a pool is free', () => {
  it('is who is free on every chosen day, and unknown until each day says', () => {
    const free = (ids: number[]) => ({ free_resources: ids.map((id) => ({ id, name: String(id) })) });
    expect([...freeIds([free([2, 3]), free([3])])!]).toEqual([3]);
    expect(freeIds([free([2]), undefined])).toBeUndefined();
    expect(freeIds([{}])).toBeUndefined();
  });
});

describe('each type’s price from the page', () => {
  const config = { price: '79', prices: '101:79, 102:49.5,103:x', variant: '101' };

  it('reads `prices` (id:price in the main unit), else `price` for the element’s own variant', () => {
    expect(variantPrice(config, '102')).toBe(49.5);
    expect(variantPrice(config)).toBe(79);
    expect(variantPrice({ ...config, prices: null }, '101')).toBe(79);
  });

  it('claims no price it was not given, nor one it cannot read', () => {
    expect(variantPrice(config, '103')).toBeUndefined();
    expect(variantPrice(config, '104')).toBeUndefined();
    expect(variantPrice({ price: '-1', prices: undefined, variant: '101' })).toBeUndefined();
  });
});
