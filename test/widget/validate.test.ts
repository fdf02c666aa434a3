/**
 * Responses that do not have the documented shape are failures with a code, never crashes
 * (hand-written API-shaped JSON: this is about parsing alone).
 */
import { describe, expect, it } from 'vitest';
import { toFailure } from '../../src/widget/api/failure.ts';
import { parseAvailability, parseBlackouts, parseReservation, parseWidgets } from '../../src/widget/api/validate.ts';
import { ENGLISH, LOCALES, STRING_COUNT, translator } from '../../src/widget/i18n.ts';

const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return toFailure(e);
  }
  throw new Error('did not fail');
};

describe('response checks', () => {
  it('reads a widget and falls back to defaults for settings of the wrong type', () => {
    const w = parseWidgets([
      {
        id: 1,
        type: 'range',
        tz: 'Australia/Melbourne',
        locale: 'en',
        settings: { lead_days: '2', max_days: 5, count: 'weeks' },
      },
    ]);
    expect(w?.settings).toMatchObject({ lead_days: 0, max_days: 5, count: 'days', quantity_max: 10 });
    expect(parseWidgets([])).toBeUndefined();
  });

  it('turns a wrong shape into an invalid_response failure', () => {
    for (const run of [
      () => parseWidgets({ widgets: [] }),
      () => parseWidgets([{ type: 'date', tz: 'Mars/Olympus' }]),
      () => parseBlackouts([{ starts_at: 'soon', finishes_at: '2026-12-26T13:00:00.000Z', scope: 'overlap' }]),
      () => parseAvailability([{ date: '2026-02-30', quantity_available: 1, quantity_free: 1, status: 'ok' }]),
      // Issue 27: the free units a range may use are what the calendar reads; a list without them is refused.
      () => parseAvailability([{ date: '2026-02-28', quantity_available: 1, status: 'ok' }]),
      () => parseReservation({ expires_at: '2026-11-22T01:15:00.000Z', tz: 'UTC', items: [{ start: 'x' }] }),
      () => parseReservation(null),
    ]) {
      expect(failureOf(run)).toMatchObject({ error: 'invalid_response' });
    }
  });

  it('turns anything thrown into a failure with a code and a message', () => {
    expect(toFailure(new TypeError('boom'))).toEqual({ error: 'internal', message: 'boom' });
    expect(toFailure(undefined)).toMatchObject({ error: 'internal' });
  });
});

describe('strings', () => {
  it('has every string in en, de, fr, es, ja and ar, each other language in a file of its own', async () => {
    expect(Object.keys(LOCALES).sort()).toEqual(['ar', 'de', 'es', 'fr', 'ja']);
    const lines = [ENGLISH, ...(await Promise.all(Object.values(LOCALES).map(async (load) => (await load()).default)))];
    for (const line of lines) {
      expect(line.split('|')).toHaveLength(STRING_COUNT);
      const t = translator(line);
      expect(t('retry')).not.toBe('');
      expect(t('onlyLeft', 'X', 'Y')).toMatch(/X.*Y/);
    }
    expect(new Set(lines).size).toBe(6);
    expect(STRING_COUNT).toBeGreaterThan(20);
  });
});
