import { describe, expect, it } from 'vitest';
import { routeDetail, screen, screenHref } from '../../src/admin/models/session.ts';

function go(hash: string): void {
  location.hash = hash;
  dispatchEvent(new HashChangeEvent('hashchange'));
}

describe('the admin address', () => {
  it('opens the screen it names, with what follows it as the detail', () => {
    go('#/bookings/new?variant=3&date=2026-12-05');
    expect(screen.value).toBe('bookings');
    expect(routeDetail.value).toEqual({ path: ['new'], query: { variant: '3', date: '2026-12-05' } });
    go('#/bookings/42');
    expect(routeDetail.value).toEqual({ path: ['42'], query: {} });
  });

  it('opens Today, with no detail, for an address it does not know', () => {
    go('#/nowhere/42?x=1');
    expect(screen.value).toBe('today');
    expect(routeDetail.value.path).toEqual([]);
  });

  it('writes the address a link takes, escaping what it carries', () => {
    expect(screenHref('blackouts', ['new'], { date: '2026-12-05' })).toBe('#/blackouts/new?date=2026-12-05');
    expect(screenHref('bookings', ['a b'])).toBe('#/bookings/a%20b');
    go(screenHref('bookings', ['a b']));
    expect(routeDetail.value.path).toEqual(['a b']);
  });
});
