/**
 * Contract tests run the client against the real in-process service (test/helpers/service.ts),
 * through a fetch that records every request exactly as it was sent.
 */
import { createClient, type BookingClient, type ClientOptions } from '../../src/client/index.ts';
import { createTestService } from '../helpers/service.ts';
import type { SentRequest } from './fake-fetch.ts';

/** A fresh service seeded from the fixture, a client for it, and the requests it sent. */
export interface Connected {
  service: Awaited<ReturnType<typeof createTestService>>;
  client: BookingClient;
  sent: SentRequest[];
  /** Another client on the same service, e.g. with a publishable token. */
  clientWith(options: Partial<ClientOptions>): BookingClient;
}

/** Starts a service and a client with the secret test token (retries off: failures show at once). */
export async function connect(options: Partial<ClientOptions> = {}): Promise<Connected> {
  const service = await createTestService();
  const sent: SentRequest[] = [];
  const fetch = async (input: string, init: RequestInit): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    sent.push({
      method: init.method ?? 'GET',
      url: input,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    return service.fetch(new Request(input, init));
  };
  const clientWith = (more: Partial<ClientOptions>) =>
    createClient({ baseUrl: service.baseUrl, token: 'sk_test_harbour', fetch, retry: false, ...options, ...more });
  return { service, client: clientWith({}), sent, clientWith };
}

/** The headers a JSON request with the secret token carries. */
export const SECRET_HEADERS = { accept: 'application/json', authorization: 'Bearer sk_test_harbour' };
