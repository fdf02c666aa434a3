/**
 * The shop's booking messages (GET /v1/messages, POST /v1/messages/{id}/resend, an extension;
 * secret token): confirmations, changes and cancellations to customers, notices to the shop.
 * @module
 */
import type { BookingMessage, MessageListParams } from '../../shared/index.ts';
import { apiPromise, type ApiPromise } from '../core/api-promise.ts';
import type { RequestOptions, Requester } from '../core/types.ts';

/** One page of the shop's messages, newest first. */
export function listMessages(
  requester: Requester,
  params: MessageListParams = {},
  options: RequestOptions = {},
): ApiPromise<BookingMessage[]> {
  return apiPromise(
    requester.request<BookingMessage[]>({ ...options, method: 'GET', path: '/v1/messages', query: { ...params } }),
  );
}

/** Puts a failed or unsent message back in line, due now. */
export function resendMessage(
  requester: Requester,
  id: number,
  options: RequestOptions = {},
): ApiPromise<BookingMessage> {
  return apiPromise(
    requester.request<BookingMessage>({
      ...options,
      method: 'POST',
      path: `/v1/messages/${encodeURIComponent(id)}/resend`,
    }),
  );
}

/** The message methods bound to one requester (`client.messages`). */
export interface MessagesResource {
  list(params?: MessageListParams, options?: RequestOptions): ApiPromise<BookingMessage[]>;
  resend(id: number, options?: RequestOptions): ApiPromise<BookingMessage>;
}

/** The message methods bound to `requester`. */
export function messagesResource(requester: Requester): MessagesResource {
  return {
    list: (params, options) => listMessages(requester, params, options),
    resend: (id, options) => resendMessage(requester, id, options),
  };
}
