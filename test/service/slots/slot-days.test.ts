// A slot variant's day in the month view, summed up from its judged slots.
import { describe, expect, it } from 'vitest';
import type { PlainDate } from '../../../src/shared/plain-date.ts';
import { ITEM_STATUS, type ItemStatus } from '../../../src/shared/status.ts';
import type { JudgedSlot } from '../../../src/service/slots/slot-list.ts';
import { slotDays } from '../../../src/service/slots/slot-days.ts';

const slot = (status: ItemStatus, left: number, free = left): JudgedSlot => ({
  starts_at: '2026-12-04T22:00:00.000Z',
  finishes_at: '2026-12-04T23:00:00.000Z',
  local_start: '09:00',
  local_finish: '10:00',
  quantity_available: status === 'ok' || status === 'sold_out' ? left : 0,
  status,
  status_code: ITEM_STATUS[status],
  quantityFree: free,
});
const day = (...slots: JudgedSlot[]) => slotDays(new Map([['2026-12-05' as PlainDate, slots]]))[0]!;

describe('slotDays', () => {
  it('is ok while one slot can take the quantity, with the most one slot has left and how many can', () => {
    expect(day(slot('sold_out', 1), slot('ok', 4), slot('ok', 2), slot('blacked_out', 0, 9))).toEqual({
      date: '2026-12-05',
      quantity_available: 4,
      quantity_free: 9,
      status: 'ok',
      status_code: 1,
      slots_available: 2,
    });
  });

  it('reads sold_out when an open slot lacks room, before any rule that closes the others', () => {
    expect(day(slot('outside_window', 0), slot('blacked_out', 0), slot('sold_out', 1))).toMatchObject({
      status: 'sold_out',
      quantity_available: 1,
      slots_available: 0,
    });
  });

  it('reads blacked_out when a blackout closes a slot and the rest are past or out of the window', () => {
    expect(day(slot('outside_window', 0, 3), slot('blacked_out', 0, 3)).status).toBe('blacked_out');
    expect(day(slot('outside_window', 0, 3)).status).toBe('outside_window');
  });

  it('reads outside_window, none available, on a day the schedule opens no slot', () => {
    expect(day()).toEqual({
      date: '2026-12-05',
      quantity_available: 0,
      quantity_free: 0,
      status: 'outside_window',
      status_code: 4,
      slots_available: 0,
    });
  });
});
