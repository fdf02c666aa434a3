/**
 * The shop's booking messages (GET /v1/messages, POST /v1/messages/{id}/resend, an extension;
 * secret token): confirmations, changes and cancellations to customers, notices to the shop.
 * @module
 */
import type {
  BookingMessage,
  BookingMessageKind,
  MessageListParams,
  MessageTemplate,
  MessageTemplateParams,
  MessageTemplatePreview,
  MessageTemplatePreviewParams,
} from '../../shared/index.ts';
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

const templatePath = (kind: BookingMessageKind, locale: string) =>
  `/v1/message-templates/${encodeURIComponent(kind)}/${encodeURIComponent(locale)}`;

/** The message methods bound to one requester (`client.messages`). */
export interface MessagesResource {
  list(params?: MessageListParams, options?: RequestOptions): ApiPromise<BookingMessage[]>;
  resend(id: number, options?: RequestOptions): ApiPromise<BookingMessage>;
  /** Every kind's template in the six languages (GET /v1/message-templates). */
  templates(options?: RequestOptions): ApiPromise<MessageTemplate[]>;
  /** Saves the shop's words for one kind and language. */
  saveTemplate(
    kind: BookingMessageKind,
    locale: string,
    params: MessageTemplateParams,
    options?: RequestOptions,
  ): ApiPromise<MessageTemplate>;
  /** Goes back to the default words for one kind and language. */
  resetTemplate(kind: BookingMessageKind, locale: string, options?: RequestOptions): ApiPromise<MessageTemplate>;
  /** A sample booking rendered with an unsaved template. */
  previewTemplate(params: MessageTemplatePreviewParams, options?: RequestOptions): ApiPromise<MessageTemplatePreview>;
}

/** The message methods bound to `requester`. */
export function messagesResource(requester: Requester): MessagesResource {
  return {
    list: (params, options) => listMessages(requester, params, options),
    resend: (id, options) => resendMessage(requester, id, options),
    templates: (options = {}) =>
      apiPromise(requester.request<MessageTemplate[]>({ ...options, method: 'GET', path: '/v1/message-templates' })),
    saveTemplate: (kind, locale, params, options = {}) =>
      apiPromise(
        requester.request<MessageTemplate>({
          ...options,
          method: 'PUT',
          path: templatePath(kind, locale),
          body: params,
        }),
      ),
    resetTemplate: (kind, locale, options = {}) =>
      apiPromise(
        requester.request<MessageTemplate>({ ...options, method: 'DELETE', path: templatePath(kind, locale) }),
      ),
    previewTemplate: (params, options = {}) =>
      apiPromise(
        requester.request<MessageTemplatePreview>({
          ...options,
          method: 'POST',
          path: '/v1/message-templates/preview',
          body: params,
        }),
      ),
  };
}
