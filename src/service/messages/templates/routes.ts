/**
 * The merchant's message templates (API.md §4.21): GET /v1/message-templates (every kind and
 * language, saved or default), PUT and DELETE /v1/message-templates/{kind}/{locale}, and POST
 * /v1/message-templates/preview (a sample booking rendered with an unsaved template). Secret
 * tokens and admin sessions only.
 * @module
 */
import { createRoute, z } from '@hono/zod-openapi';
import { errorResponses, json, jsonAnswer, jsonBody, secretOnly } from '../../http/openapi-parts.ts';
import { featureApp } from '../../http/schema-validation.ts';
import { NotFoundError } from '../../shared/errors.ts';
import { DEFAULT_FROM } from '../mail-settings.ts';
import { MESSAGE_LOCALES } from '../strings.ts';
import { previewTemplate } from '../template-preview.ts';
import { deleteTemplate, listTemplates, previewContext, saveTemplate, type TemplateRow } from '../template-queries.ts';
import {
  PreviewBody,
  PreviewSchema,
  TEMPLATE_LOCALES,
  TemplateBody,
  TemplateKind,
  TemplateLocale,
  TemplateSchema,
} from '../template-schemas.ts';
import { MESSAGE_KINDS, type MessageKind } from '../types.ts';

const TAGS = ['Messages'];

const PARAMS = z.object({
  kind: TemplateKind.openapi({ param: { name: 'kind', in: 'path' }, example: 'customer_reminder' }),
  locale: TemplateLocale.openapi({ param: { name: 'locale', in: 'path' }, example: 'en' }),
});

/** One kind and language as the API shows it: saved words (or '') beside the defaults. */
function templateRecord(kind: MessageKind, locale: string, saved: TemplateRow | undefined) {
  const words = MESSAGE_LOCALES[locale as keyof typeof MESSAGE_LOCALES];
  return {
    kind,
    locale,
    subject: saved?.subject ?? '',
    intro: saved?.intro ?? '',
    default_subject: words.subject[kind],
    default_intro: words.intro[kind],
    customized: saved !== undefined,
    updated_at: saved?.updatedAt.toISOString() ?? null,
  };
}

const list = createRoute({
  method: 'get',
  path: '/v1/message-templates',
  operationId: 'messages.templates',
  tags: TAGS,
  summary: "Every message kind's template in each language, saved or default (an extension; secret token)",
  middleware: [secretOnly('read message templates')] as const,
  responses: { 200: json(z.array(TemplateSchema), 'Every kind in each of the six languages'), ...errorResponses },
});

const put = createRoute({
  method: 'put',
  path: '/v1/message-templates/{kind}/{locale}',
  operationId: 'messages.saveTemplate',
  tags: TAGS,
  summary: "Saves the shop's subject and intro for one kind and language (an extension; secret token)",
  middleware: [secretOnly('change message templates')] as const,
  request: { params: PARAMS, body: jsonBody(TemplateBody) },
  responses: { 200: json(TemplateSchema, 'The template as saved'), ...errorResponses },
});

const remove = createRoute({
  method: 'delete',
  path: '/v1/message-templates/{kind}/{locale}',
  operationId: 'messages.resetTemplate',
  tags: TAGS,
  summary: 'Goes back to the default words for one kind and language (an extension; secret token)',
  middleware: [secretOnly('change message templates')] as const,
  request: { params: PARAMS },
  responses: { 200: json(TemplateSchema, 'The default template'), ...errorResponses },
});

const preview = createRoute({
  method: 'post',
  path: '/v1/message-templates/preview',
  operationId: 'messages.previewTemplate',
  tags: TAGS,
  summary: 'Renders a sample booking with an unsaved template (an extension; secret token)',
  middleware: [secretOnly('preview message templates')] as const,
  request: { body: jsonBody(PreviewBody) },
  responses: { 200: json(PreviewSchema, 'The subject, HTML and text as they would be sent'), ...errorResponses },
});

/** GET /v1/message-templates; PUT, DELETE /v1/message-templates/{kind}/{locale}; POST …/preview. */
export const messageTemplateRoutes = featureApp()
  .openapi(list, async (c) => {
    const { auth, deps } = c.var;
    const saved = await listTemplates(deps.db, auth.shopId);
    const records = MESSAGE_KINDS.flatMap((kind) =>
      TEMPLATE_LOCALES.map((locale) =>
        templateRecord(
          kind,
          locale,
          saved.find((t) => t.kind === kind && t.locale === locale),
        ),
      ),
    );
    return jsonAnswer(records, 200);
  })
  .openapi(put, async (c) => {
    const { auth, deps } = c.var;
    const { kind, locale } = c.req.valid('param');
    const body = c.req.valid('json');
    const saved = await saveTemplate(deps.db, auth.shopId, { kind: kind as MessageKind, locale, ...body });
    return jsonAnswer(templateRecord(kind as MessageKind, locale, saved), 200);
  })
  .openapi(remove, async (c) => {
    const { auth, deps } = c.var;
    const { kind, locale } = c.req.valid('param');
    await deleteTemplate(deps.db, auth.shopId, kind as MessageKind, locale);
    return jsonAnswer(templateRecord(kind as MessageKind, locale, undefined), 200);
  })
  .openapi(preview, async (c) => {
    const { auth, deps } = c.var;
    const { kind, locale, subject, intro } = c.req.valid('json');
    const context = await previewContext(deps.db, auth.shopId);
    if (!context) throw new NotFoundError('shop', auth.shopId);
    return jsonAnswer(
      previewTemplate(context, kind as MessageKind, locale, { subject, intro }, deps.mailFrom ?? DEFAULT_FROM),
      200,
    );
  });
