import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createClient,
  NetworkError,
  RateLimitError,
  ServerError,
  type ClientOptions,
  type RetryInfo,
} from '../../src/client/index.ts';
import { createLightRequester } from '../../src/client/internal.ts';
import { envelope, json, networkFailure, scriptedFetch, type Answer } from './fake-fetch.ts';

const BASE = 'https://bookings.test';
const ok = json(200, []);
const busy = (headers: Record<string, string> = {}) => envelope(503, 'internal', 'Try again.', undefined, headers);
const reservation = { cart_token: 'cart-1', items: [{ external_id: 8001, start: '2026-12-01', quantity: 1 }] };
const booking = {
  starts_at: '2026-12-01 09:00',
  finishes_at: '2026-12-01 17:00',
  items: [{ external_id: 8001, quantity: 1 }],
};
const blackout = { starts_at: '2026-12-24', finishes_at: '2026-12-25' };

/** A client over a scripted fetch that also notes the fake clock's time of every attempt. */
function clientAnswering(answers: Answer[], options: Partial<ClientOptions> = {}) {
  const times: number[] = [];
  const { fetch, sent } = scriptedFetch(
    ...answers.map<Answer>((answer) => (request, signal) => {
      times.push(Date.now());
      return answer(request, signal);
    }),
  );
  const client = createClient({ baseUrl: BASE, token: 'sk_test_harbour', fetch, ...options });
  return { client, sent, times };
}

/** The settled outcome of `promise` without an unhandled rejection while timers run. */
function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-11-22T01:00:00.000Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retries: timing', () => {
  it('retries a GET after a 503 and honours Retry-After in seconds', async () => {
    const { client, sent } = clientAnswering([busy({ 'Retry-After': '3' }), json(200, [{ id: 1 }])]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(2_999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(await result).toEqual({ value: [{ id: 1 }] });
  });

  it("honours a Retry-After HTTP-date, measured against the response's Date so a skewed client clock does not matter", async () => {
    vi.setSystemTime(new Date('2026-11-22T00:58:00.000Z')); // two minutes behind the server
    const headers = { Date: 'Sun, 22 Nov 2026 01:00:00 GMT', 'Retry-After': 'Sun, 22 Nov 2026 01:00:05 GMT' };
    const { client, times } = clientAnswering([envelope(429, 'rate_limited', 'Slow down.', undefined, headers), ok]);
    const result = settle(client.blackouts.list());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await result).toEqual({ value: [] });
    expect(times[1]! - times[0]!).toBe(5_000);
  });

  it('measures a Retry-After HTTP-date against the local clock when the response has no Date', async () => {
    const { client, times } = clientAnswering([busy({ 'Retry-After': 'Sun, 22 Nov 2026 01:00:02 GMT' }), ok]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await result).value).toEqual([]);
    expect(times[1]! - times[0]!).toBe(2_000);
  });

  it('retries at once after Retry-After: 0', async () => {
    const { client, times } = clientAnswering([busy({ 'Retry-After': '0' }), ok]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(0);
    expect((await result).value).toEqual([]);
    expect(times).toEqual([times[0], times[0]]);
  });

  it('backs off exponentially and never waits longer than maxDelayMs', async () => {
    const retry = { limit: 4, delayMs: 100, maxDelayMs: 300, jitter: false };
    const { client, times } = clientAnswering([busy(), busy(), busy(), busy(), ok], { retry });
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await result).value).toEqual([]);
    const waits = times.slice(1).map((t, i) => t - times[i]!);
    expect(waits).toEqual([100, 200, 300, 300]);
  });

  it('waits between half and all of the planned backoff when jittering (the default)', async () => {
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce(0).mockReturnValueOnce(0.999_999);
    const { client, times } = clientAnswering([networkFailure(), networkFailure(), ok]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await result).value).toEqual([]);
    expect(random).toHaveBeenCalledTimes(2);
    expect(times[1]! - times[0]!).toBe(250); // half of the first 500 ms
    expect(times[2]! - times[1]!).toBeCloseTo(1_000, -1); // nearly all of the second 1 000 ms
  });

  it('gives up after the retry limit (2 by default) and rejects with the last error', async () => {
    const { client, sent } = clientAnswering([busy()]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(3);
    expect((await result).error).toBeInstanceOf(ServerError);
  });

  it('does not wait for a Retry-After longer than maxRetryAfterMs and rejects with how long to wait', async () => {
    const { client, sent } = clientAnswering([
      envelope(429, 'rate_limited', 'Slow down.', undefined, { 'Retry-After': '120' }),
    ]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(0);
    const { error } = await result;
    expect(sent).toHaveLength(1);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfterMs).toBe(120_000);
  });

  it('does not retry at all with retry: false', async () => {
    const { client, sent } = clientAnswering([busy(), ok], { retry: false });
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect((await result).error).toBeInstanceOf(ServerError);
  });
});

describe('retries: which requests and which failures', () => {
  it('retries a GET after a network error', async () => {
    const { client, sent } = clientAnswering([networkFailure(), ok]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(2);
    expect((await result).value).toEqual([]);
  });

  it('retries a DELETE after a 502', async () => {
    const { client, sent } = clientAnswering([
      envelope(502, 'internal', 'Bad gateway.'),
      () => new Response(null, { status: 204 }),
    ]);
    const result = settle(client.blackouts.delete(3));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.map((r) => r.method)).toEqual(['DELETE', 'DELETE']);
    expect(await result).toEqual({ value: undefined });
  });

  it.each([400, 401, 403, 404, 409, 422])('does not retry a %i', async (status) => {
    const { client, sent } = clientAnswering([envelope(status, 'x', 'No.'), ok]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect((await result).error).toMatchObject({ status });
  });

  it('retries a reservation post, which its cart token makes safe to repeat', async () => {
    const { client, sent } = clientAnswering([networkFailure(), json(201, { id: 1 })]);
    const result = settle(client.reservations.create(reservation));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent.map((r) => [r.method, r.body])).toEqual([
      ['POST', reservation],
      ['POST', reservation],
    ]);
    expect((await result).value).toEqual({ id: 1 });
  });

  it.each([
    ['create', 'POST'],
    ['update', 'PUT'],
  ] as const)('never retries a blackout %s', async (method, httpMethod) => {
    const { client, sent } = clientAnswering([busy(), json(200, {})]);
    const call =
      method === 'create' ? client.blackouts.create(blackout) : client.blackouts.update(5, { title: 'Closed' });
    const result = settle(call);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent.map((r) => r.method)).toEqual([httpMethod]);
    expect((await result).error).toBeInstanceOf(ServerError);
  });

  it('never retries a booking sent without an idempotency key', async () => {
    const { client, sent } = clientAnswering([networkFailure(), json(201, { id: 1 })]);
    const result = settle(client.bookings.create(booking, { idempotencyKey: null }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['idempotency-key']).toBeUndefined();
    expect((await result).error).toBeInstanceOf(NetworkError);
  });

  it('retries a booking with its generated key, sending the same key each time', async () => {
    const { client, sent } = clientAnswering([busy(), networkFailure(), json(201, { id: 9 })]);
    const result = settle(client.bookings.create(booking));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await result).value).toEqual({ id: 9 });
    const keys = sent.map((r) => r.headers['idempotency-key']);
    expect(keys).toHaveLength(3);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(keys).size).toBe(1);
  });

  it("sends the caller's idempotency key on every attempt", async () => {
    const { client, sent } = clientAnswering([busy(), json(201, { id: 9 })]);
    const result = settle(client.bookings.create(booking, { idempotencyKey: 'order-1042' }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await result).value).toEqual({ id: 9 });
    expect(sent.map((r) => r.headers['idempotency-key'])).toEqual(['order-1042', 'order-1042']);
  });

  it('generates a new key for each booking call', async () => {
    const { client, sent } = clientAnswering([json(201, { id: 1 })]);
    await client.bookings.create(booking);
    await client.bookings.create(booking);
    expect(sent[0]?.headers['idempotency-key']).not.toBe(sent[1]?.headers['idempotency-key']);
  });
});

describe('retries: onRetry', () => {
  it('is told each retry before its wait: the attempt, the wait and the status (none after a network failure)', async () => {
    const calls: Array<RetryInfo & { sentBefore: number }> = [];
    const { client, sent } = clientAnswering(
      [
        envelope(429, 'rate_limited', 'Slow down.', undefined, { 'Retry-After': '2' }),
        networkFailure(),
        json(200, [{ id: 1 }]),
      ],
      {
        retry: { limit: 2, delayMs: 500, jitter: false },
        onRetry: (info) => calls.push({ ...info, sentBefore: sent.length }),
      },
    );
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(0);
    // Called before the wait, not after it: the second attempt has not left yet.
    expect(calls).toEqual([{ attempt: 1, waitMs: 2_000, status: 429, sentBefore: 1 }]);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(calls).toEqual([
      { attempt: 1, waitMs: 2_000, status: 429, sentBefore: 1 },
      { attempt: 2, waitMs: 1_000, status: undefined, sentBefore: 2 },
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toEqual({ value: [{ id: 1 }] });
    expect(calls).toHaveLength(2);
  });

  it('is told of a reservation post waiting out a 503, through the light requester as well', async () => {
    const calls: RetryInfo[] = [];
    const { fetch } = scriptedFetch(busy({ 'Retry-After': '1' }), json(201, { id: 5 }));
    const requester = createLightRequester({ baseUrl: BASE, fetch, onRetry: (info) => calls.push(info) });
    const result = settle(
      requester.request({ method: 'POST', path: '/v1/reservations', body: reservation, idempotent: true }),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect((await result).value?.data).toEqual({ id: 5 });
    expect(calls).toEqual([{ attempt: 1, waitMs: 1_000, status: 503 }]);
  });

  it('is not called when the call fails at once or gives up', async () => {
    const onRetry = vi.fn();
    const { client } = clientAnswering([busy()], { retry: { limit: 1, jitter: false }, onRetry });
    const gaveUp = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await gaveUp).error).toBeInstanceOf(ServerError);
    // One wait between the two attempts, none after the last.
    expect(onRetry).toHaveBeenCalledTimes(1);
    onRetry.mockClear();
    const { client: strict } = clientAnswering([busy()], { retry: false, onRetry });
    expect((await settle(strict.widgets.list())).error).toBeInstanceOf(ServerError);
    const { client: refused } = clientAnswering([envelope(409, 'unavailable', 'Taken.')], { onRetry });
    expect((await settle(refused.widgets.list())).error).toBeDefined();
    expect(onRetry).not.toHaveBeenCalled();
  });
});
