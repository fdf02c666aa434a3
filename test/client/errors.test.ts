import { describe, expect, it } from 'vitest';
import {
  AuthenticationError,
  BookingApiError,
  createClient,
  isAuthenticationError,
  isBookingApiError,
  isNetworkError,
  isNotFoundError,
  isPermissionError,
  isRateLimitError,
  isServerError,
  isTimeoutError,
  isUnavailableError,
  isValidationError,
  NetworkError,
  NotFoundError,
  PermissionError,
  RateLimitError,
  ServerError,
  TimeoutError,
  UnavailableError,
  ValidationError,
} from '../../src/client/index.ts';
import { envelope, html, json, networkFailure, scriptedFetch, type Answer } from './fake-fetch.ts';

const BASE = 'https://bookings.test';

function clientAnswering(answer: Answer, token = 'sk_test_harbour') {
  const { fetch, sent } = scriptedFetch(answer);
  return { client: createClient({ baseUrl: BASE, token, fetch, retry: false }), sent };
}

async function errorOf(promise: Promise<unknown>): Promise<BookingApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof BookingApiError)) throw new Error(`expected a BookingApiError, got ${String(error)}`);
  return error;
}

describe('errors: status to class', () => {
  const cases: Array<[number, string, new (...args: never[]) => BookingApiError, string]> = [
    [400, 'bad_request', ValidationError, 'ValidationError'],
    [401, 'unauthorized', AuthenticationError, 'AuthenticationError'],
    [403, 'forbidden', PermissionError, 'PermissionError'],
    [404, 'not_found', NotFoundError, 'NotFoundError'],
    [405, 'method_not_allowed', BookingApiError, 'BookingApiError'],
    [409, 'unavailable', UnavailableError, 'UnavailableError'],
    [413, 'payload_too_large', BookingApiError, 'BookingApiError'],
    [415, 'unsupported_media_type', BookingApiError, 'BookingApiError'],
    [418, 'teapot', BookingApiError, 'BookingApiError'],
    [422, 'validation_failed', ValidationError, 'ValidationError'],
    [429, 'rate_limited', RateLimitError, 'RateLimitError'],
    [500, 'internal', ServerError, 'ServerError'],
    [502, 'bad_gateway', ServerError, 'ServerError'],
    [503, 'unavailable_upstream', ServerError, 'ServerError'],
  ];

  it.each(cases)('rejects a %i answer with the matching class', async (status, code, ErrorClass, name) => {
    const { client } = clientAnswering(envelope(status, code, `Something about blackout 7.`, { hint: 1 }));
    const error = await errorOf(client.blackouts.retrieve(7));
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(BookingApiError);
    expect(error.name).toBe(name);
    expect(error).toMatchObject({ status, code, method: 'GET', url: `${BASE}/v1/blackouts/7`, details: { hint: 1 } });
  });

  it('names the method, the URL, the status and the server message in the error message', async () => {
    const { client } = clientAnswering(envelope(404, 'not_found', 'No blackout 99.'));
    const error = await errorOf(client.blackouts.delete(99));
    expect(error.message).toBe(`DELETE ${BASE}/v1/blackouts/99 answered 404: No blackout 99.`);
  });

  it('gives the status class and a sensible message when a proxy answers with an HTML page', async () => {
    const { client } = clientAnswering(html(502));
    const error = await errorOf(client.widgets.list());
    expect(error).toBeInstanceOf(ServerError);
    expect(error).toMatchObject({ status: 502, code: 'unknown', details: undefined });
    expect(error.message).toBe(
      `GET ${BASE}/v1/widgets answered 502 with a body that is not the API's JSON error (text/html)`,
    );
  });

  it("takes the API's code for the status when the body is not the envelope", async () => {
    const { client } = clientAnswering(
      () => new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': '7' } }),
    );
    const error = await errorOf(client.widgets.list());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterMs: 7000 });
  });

  it('treats JSON that is not the envelope like any other foreign body', async () => {
    const { client } = clientAnswering(json(404, { message: 'Not Found', status: 404 }));
    const error = await errorOf(client.blackouts.retrieve(1));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error.code).toBe('not_found');
  });

  it('types the items of a 409 that says which posted items did not fit', async () => {
    const items = [
      {
        external_id: 8001,
        start: '2026-12-25T13:00:00.000Z',
        finish: '2026-12-26T13:00:00.000Z',
        quantity: 1,
        quantity_available: 0,
        status: 'blacked_out',
        status_code: 3,
      },
    ];
    const { client } = clientAnswering(envelope(409, 'unavailable', 'An item does not fit.', { items }));
    const error = await errorOf(
      client.reservations.create({
        cart_token: 'c1',
        items: [{ external_id: 8001, start: '2026-12-25', quantity: 1 }],
      }),
    );
    expect(isUnavailableError(error)).toBe(true);
    if (isUnavailableError(error)) expect(error.details.items).toEqual(items);
  });

  it('gives an empty items list for a 409 without details', async () => {
    const { client } = clientAnswering(html(409));
    const error = await errorOf(client.reservations.create({ cart_token: 'c1', items: [] }));
    expect(error).toBeInstanceOf(UnavailableError);
    expect((error as UnavailableError).details.items).toEqual([]);
  });

  it('carries the field messages of a 422', async () => {
    const fields = { 'items[0].quantity': ['must be a whole number from 1'] };
    const { client } = clientAnswering(envelope(422, 'validation_failed', 'items[0].quantity is invalid.', { fields }));
    const error = await errorOf(
      client.reservations.create({ cart_token: 'c', items: [{ external_id: 1, start: '2026-12-01', quantity: 'x' }] }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.details?.fields).toEqual(fields);
  });

  it('rejects a success whose body is not JSON with an invalid_response error', async () => {
    const { client } = clientAnswering(
      () => new Response('<html>Log in to the Wi-Fi</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }),
    );
    const error = await errorOf(client.widgets.list());
    expect(error.constructor).toBe(BookingApiError);
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('rejects with a NetworkError, status 0, when no response arrives', async () => {
    const { client } = clientAnswering(networkFailure());
    const error = await errorOf(client.widgets.list());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ status: 0, code: 'network_error', method: 'GET' });
    expect(error.message).toBe(`GET ${BASE}/v1/widgets failed before a response arrived: fetch failed`);
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it('never shows a token sent in the query in the error URL or message', async () => {
    const { fetch, sent } = scriptedFetch(envelope(403, 'forbidden', 'Origin not allowed.'));
    const client = createClient({ baseUrl: BASE, token: 'pk_test_harbour', tokenInQuery: true, fetch, retry: false });
    const error = await errorOf(client.widgets.list({ page: 2 }));
    expect(sent[0]?.url).toBe(`${BASE}/v1/widgets?page=2&token=pk_test_harbour`);
    expect(error.url).toBe(`${BASE}/v1/widgets?page=2&token=[redacted]`);
    expect(error.message).not.toContain('pk_test_harbour');
  });
});

describe('errors: guards', () => {
  const init = { status: 0, code: 'x', message: 'm', method: 'GET', url: BASE };
  const instances = {
    isBookingApiError: new BookingApiError(init),
    isValidationError: new ValidationError(init),
    isAuthenticationError: new AuthenticationError(init),
    isPermissionError: new PermissionError(init),
    isNotFoundError: new NotFoundError(init),
    isUnavailableError: new UnavailableError(init),
    isRateLimitError: new RateLimitError(init),
    isServerError: new ServerError(init),
    isNetworkError: new NetworkError('GET', BASE, new TypeError('x')),
    isTimeoutError: new TimeoutError('GET', BASE, 10),
  };
  const guards = {
    isBookingApiError,
    isValidationError,
    isAuthenticationError,
    isPermissionError,
    isNotFoundError,
    isUnavailableError,
    isRateLimitError,
    isServerError,
    isNetworkError,
    isTimeoutError,
  };
  const guardNames = Object.keys(guards) as Array<keyof typeof guards>;

  it.each(guardNames)('%s accepts its own class and rejects every other subclass', (guardName) => {
    for (const other of guardNames) {
      const expected = other === guardName || guardName === 'isBookingApiError';
      expect(guards[guardName](instances[other]), `${guardName}(${other})`).toBe(expected);
    }
  });

  it.each(guardNames)('%s accepts an error from another realm that has the right name and a status', (guardName) => {
    const foreign = { name: instances[guardName].name, status: 404, message: 'from an iframe' };
    expect(guards[guardName](foreign)).toBe(true);
    expect(isBookingApiError(foreign)).toBe(true);
  });

  it('rejects values that are not errors of this client', () => {
    for (const guard of Object.values(guards)) {
      expect(guard(undefined)).toBe(false);
      expect(guard(null)).toBe(false);
      expect(guard('NotFoundError')).toBe(false);
      expect(guard(new Error('plain'))).toBe(false);
    }
  });

  it("does not take the platform's DOMException named TimeoutError or NetworkError for the client's", () => {
    expect(isTimeoutError(new DOMException('signal timed out', 'TimeoutError'))).toBe(false);
    expect(isNetworkError(new DOMException('offline', 'NetworkError'))).toBe(false);
    expect(isBookingApiError(new DOMException('signal timed out', 'TimeoutError'))).toBe(false);
  });
});
