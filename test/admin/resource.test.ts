/**
 * The resource model every admin screen loads through: what it keeps, drops and says, with
 * loads the test answers by hand (one of them ignoring its abort, as a slow network may).
 */
import { describe, expect, it } from 'vitest';
import { ServerError } from '../../src/client/index.ts';
import { createResource } from '../../src/admin/models/resource.ts';

/** A load the test answers when it likes, with the signal it was given. */
interface Pending {
  key: string;
  signal: AbortSignal;
  answer(value: string): void;
  fail(error: unknown): void;
}

function manualLoads() {
  const pending: Pending[] = [];
  const fetch = (key: string, signal: AbortSignal) =>
    new Promise<string>((answer, fail) => {
      pending.push({ key, signal, answer, fail });
    });
  return { pending, fetch };
}

describe('createResource', () => {
  it("keeps the newest load's answer when an older one arrives after it, and aborts the older", async () => {
    const { pending, fetch } = manualLoads();
    const r = createResource(fetch);
    const first = r.load('al');
    const second = r.load('alice');
    expect(pending[0]!.signal.aborted).toBe(true);
    pending[1]!.answer('answer for alice');
    await second;
    // The older request ignored its abort and answers late.
    pending[0]!.answer('answer for al');
    await first;
    expect(r.data.value).toBe('answer for alice');
    expect(r.loading.value).toBe(false);
  });

  it("keeps the last answer while loading again, and says a failure in the merchant's words", async () => {
    const { pending, fetch } = manualLoads();
    const r = createResource(fetch);
    const first = r.load('a');
    expect(r.loading.value).toBe(true);
    pending[0]!.answer('one');
    await first;
    const again = r.reload();
    expect(pending[1]!.key).toBe('a');
    expect([r.data.value, r.loading.value]).toEqual(['one', true]);
    pending[1]!.fail(
      new ServerError({
        status: 500,
        code: 'server_error',
        method: 'GET',
        url: 'http://booking.test/v1/tokens',
        message: 'boom',
      }),
    );
    await again;
    expect(r.data.value).toBe('one');
    expect(r.error.value).toBe(
      'The booking service failed to do that: try again, and if it keeps failing, tell its administrator.',
    );
  });

  it('loads for ensure() only when nothing is loaded or on its way', async () => {
    const { pending, fetch } = manualLoads();
    const r = createResource(fetch);
    void r.ensure('x');
    void r.ensure('x');
    expect(pending).toHaveLength(1);
    pending[0]!.answer('x');
    await r.ensure('x');
    expect(pending).toHaveLength(1);
    r.reset();
    expect(r.data.value).toBeUndefined();
    void r.ensure('x');
    expect(pending).toHaveLength(2);
  });
});
