// The capacity a slot has left: seats count what starts with it, units what overlaps it, buffers included.
import { describe, expect, it } from 'vitest';
import { SlotUsage, type SlotUsageRow } from '../../../src/service/slots/slot-usage.ts';

const H = 3_600_000;
const M = 60_000;
const at = (hours: number) => Date.UTC(2026, 11, 5) + hours * H;
const slot = (hours: number, minutes = 60) => ({ startsAt: at(hours), finishesAt: at(hours) + minutes * M });
const row = (from: number, to: number, quantity: number, reservationId: number | null = 1): SlotUsageRow => ({
  startsAt: at(from),
  finishesAt: at(to),
  quantity,
  reservationId,
});
const seats = { counting: 'seats', buffer_before_minutes: 0, buffer_after_minutes: 0 } as const;
const units = (before = 0, after = 0) =>
  ({ counting: 'units', buffer_before_minutes: before, buffer_after_minutes: after }) as const;

describe('SlotUsage', () => {
  it('gives a seat slot its capacity minus what starts at the same instant, whatever else overlaps it', () => {
    const usage = new SlotUsage(seats, 8, [row(9, 10.5, 3), row(9, 10.5, 2, null), row(9.5, 11, 4)]);
    expect(usage.free(slot(9, 90))).toBe(3);
    expect(usage.free(slot(9.5, 90))).toBe(4);
    expect(usage.free(slot(13, 90))).toBe(8);
  });

  it('gives a unit slot its capacity minus the most units in use at one instant of it', () => {
    // 09-11 ×1 and 10-12 ×1 meet in 10-11 only: 2 in use there, 1 elsewhere.
    const usage = new SlotUsage(units(), 3, [row(9, 11, 1), row(10, 12, 1, null)]);
    expect(usage.free(slot(8))).toBe(3);
    expect(usage.free(slot(9))).toBe(2);
    expect(usage.free(slot(10))).toBe(1);
    expect(usage.free(slot(11))).toBe(2);
    expect(usage.free(slot(12))).toBe(3);
    expect(usage.free(slot(9, 180))).toBe(1);
  });

  it('keeps the buffers free around every hold and booking and around the slot asked for', () => {
    // A 10-11 hold with 30 minutes after occupies 10:00-11:30.
    const after = new SlotUsage(units(0, 30), 1, [row(10, 11, 1)]);
    expect(after.free(slot(9))).toBe(0); // 09:00-10:30 reaches into the hold
    expect(after.free(slot(11))).toBe(0); // 11:00 is inside the hold's buffer
    expect(after.free(slot(11.5))).toBe(1);
    // 15 minutes before and after: a booking 10-11 occupies 09:45-11:15, a slot at 11:30 needs 11:15-12:45.
    const both = new SlotUsage(units(15, 15), 1, [row(10, 11, 1, null)]);
    expect(both.free(slot(11.25))).toBe(0);
    expect(both.free(slot(11.5))).toBe(1);
    expect(both.free(slot(8.5))).toBe(1); // 08:15-09:45 ends where the booking's buffer starts
    expect(both.free(slot(8.75))).toBe(0);
  });

  it("leaves out the asking cart's own reservation", () => {
    const rows = [row(9, 10, 2, 7), row(9, 10, 1, 8)];
    expect(new SlotUsage(units(), 3, rows, 7).free(slot(9))).toBe(2);
    expect(new SlotUsage(seats, 3, rows, 7).free(slot(9))).toBe(2);
    expect(new SlotUsage(seats, 3, rows).free(slot(9))).toBe(0);
  });

  it('never answers below 0 when more is in use than the capacity (a capacity lowered later)', () => {
    expect(new SlotUsage(units(), 2, [row(9, 10, 5)]).free(slot(9))).toBe(0);
  });
});
