import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient, isTimeoutError, TimeoutError, type ClientOptions } from '../../src/client/index.ts';
import { envelope, hang, json, scriptedFetch, type Answer } from './fake-fetch.ts';

const BASE = 'https://bookings.test';

function clientAnswering(answers: Answer[], options: Partial<ClientOptions> = {}) {
  const signals: Array<AbortSignal | undefined> = [];
  const { fetch, sent } = scriptedFetch(
    ...answers.map<Answer>((answer) => (request, signal) => {
      signals.push(signal);
      return answer(request, signal);
    }),
  );
  return { client: createClient({ baseUrl: BASE, token: 'sk_test_harbour', fetch, ...options }), sent, signals };
}

function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
}

/** Settles once fake timers have run; `undefined` while the promise is still pending. */
async function peek<T>(outcome: Promise<T>): Promise<T | undefined> {
  return Promise.race([outcome, new Promise<undefined>((resolve) => setImmediate(() => resolve(undefined)))]);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('timeouts', () => {
  it('rejects with a TimeoutError after 10 s by default when the service does not answer', async () => {
    const { client } = clientAnswering([hang()]);
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(9_999);
    expect(await peek(result)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const { error } = await result;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({
      status: 0,
      code: 'timeout',
      timeoutMs: 10_000,
      message: `GET ${BASE}/v1/widgets timed out after 10000 ms`,
    });
  });

  it("lets one call's timeoutMs override the client's", async () => {
    const { client } = clientAnswering([hang()], { timeoutMs: 5_000 });
    const result = settle(client.widgets.list({}, { timeoutMs: 50 }));
    await vi.advanceTimersByTimeAsync(50);
    expect(isTimeoutError((await result).error)).toBe(true);
  });

  it('aborts the fetch it gave up on, so the connection is not left open', async () => {
    const { client, signals } = clientAnswering([hang()], { timeoutMs: 100 });
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(100);
    await result;
    expect(signals[0]?.aborted).toBe(true);
  });

  it('holds the deadline even when a custom fetch ignores its signal', async () => {
    const { client } = clientAnswering([() => new Promise<Response>(() => {})], { timeoutMs: 100 });
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(100);
    expect((await result).error).toBeInstanceOf(TimeoutError);
  });

  it('holds the deadline while the body is still arriving', async () => {
    const stalled = () =>
      new Response(new ReadableStream({ start: (c) => c.enqueue(new TextEncoder().encode('[')) }), { status: 200 });
    const { client } = clientAnswering([stalled], { timeoutMs: 100 });
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(100);
    expect((await result).error).toBeInstanceOf(TimeoutError);
  });

  it('does not retry a request that timed out', async () => {
    const { client, sent } = clientAnswering([hang(), json(200, [])], { timeoutMs: 100 });
    const result = settle(client.widgets.list());
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    expect((await result).error).toBeInstanceOf(TimeoutError);
  });
});

describe('abort signals', () => {
  it("rejects with the signal's reason when the caller aborts a pending call", async () => {
    const { client, signals } = clientAnswering([hang()]);
    const controller = new AbortController();
    const result = settle(client.widgets.list({}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(10);
    controller.abort();
    const { error } = await result;
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
    expect(signals[0]?.aborted).toBe(true);
  });

  it('passes on a custom abort reason unchanged', async () => {
    const { client } = clientAnswering([hang()]);
    const controller = new AbortController();
    const reason = new Error('shopper closed the widget');
    const result = settle(client.reservations.create({ cart_token: 'c', items: [] }, { signal: controller.signal }));
    controller.abort(reason);
    expect((await result).error).toBe(reason);
  });

  it('sends nothing when the signal is already aborted', async () => {
    const { client, sent } = clientAnswering([json(200, [])]);
    const { error } = await settle(client.widgets.list({}, { signal: AbortSignal.abort() }));
    expect((error as DOMException).name).toBe('AbortError');
    expect(sent).toHaveLength(0);
  });

  it('stops waiting to retry, and sends no further attempt, when aborted between retries', async () => {
    const { client, sent } = clientAnswering([
      envelope(503, 'internal', 'Busy.', undefined, { 'Retry-After': '30' }),
      json(200, []),
    ]);
    const controller = new AbortController();
    const result = settle(client.widgets.list({}, { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    const { error } = await result;
    expect((error as DOMException).name).toBe('AbortError');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent).toHaveLength(1);
  });

  it('works with a signal from AbortSignal.timeout, rejecting with its reason', async () => {
    vi.useRealTimers();
    const { client } = clientAnswering([hang()]);
    const { error } = await settle(client.widgets.list({}, { signal: AbortSignal.timeout(20) }));
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(isTimeoutError(error)).toBe(false); // the caller's own deadline, not the client's
  });
});
