/**
 * The questions' statements: a product's questions (read, replaced as a whole), the questions
 * a reservation's items ask, and a reservation's answers. Every statement is scoped to one shop.
 * @module
 */
import type { Queryable } from '../db/types.ts';
import type { Question } from '../../shared/questions.ts';
import type { QuestionWrite } from './types.ts';

const QUESTION_COLUMNS = `q.id, q.product_id, q.variant_id, q.position, q.kind, q.label, q.help, q.required, q.per,
  q.options, q.max_length, q.min::float8 AS min, q.max::float8 AS max, q.translations`;

/** Numbers of bigint columns arrive as strings from `pg`: the record has numbers. */
function question(row: Question): Question {
  return {
    ...row,
    id: Number(row.id),
    product_id: Number(row.product_id),
    variant_id: row.variant_id === null ? null : Number(row.variant_id),
    min: row.min === null ? null : Number(row.min),
    max: row.max === null ? null : Number(row.max),
  };
}

/** The shop's product `productId` with its variants' ids, or undefined. */
export async function productVariants(
  q: Queryable,
  shopId: number,
  productId: number,
): Promise<{ variantIds: number[] } | undefined> {
  const { rows } = await q.query<{ ids: (number | string)[] }>(
    `SELECT COALESCE((SELECT array_agg(v.id) FROM variants v WHERE v.product_id = p.id), '{}') AS ids
       FROM products p WHERE p.shop_id = $1 AND p.id = $2`,
    [shopId, productId],
  );
  return rows[0] ? { variantIds: rows[0].ids.map(Number) } : undefined;
}

/** The questions of these products (the shop's), in each product's order. */
export async function questionsOf(q: Queryable, shopId: number, productIds: readonly number[]): Promise<Question[]> {
  const { rows } = await q.query<Question>(
    `SELECT ${QUESTION_COLUMNS} FROM questions q WHERE q.shop_id = $1 AND q.product_id = ANY($2::bigint[])
      ORDER BY q.product_id, q.position, q.id`,
    [shopId, [...productIds]],
  );
  return rows.map(question);
}

/** Replaces the product's questions with `inputs`, in their order (one transaction's part). */
export async function replaceQuestions(
  tx: Queryable,
  shopId: number,
  productId: number,
  inputs: readonly QuestionWrite[],
): Promise<void> {
  await tx.query('DELETE FROM questions WHERE shop_id = $1 AND product_id = $2', [shopId, productId]);
  if (inputs.length === 0) return;
  await tx.query(
    `INSERT INTO questions (shop_id, product_id, variant_id, position, kind, label, help, required, per, options,
                            max_length, min, max, translations)
     SELECT $1, $2, (e->>'variant_id')::bigint, t.position - 1, e->>'kind', e->>'label', e->>'help',
            (e->>'required')::boolean, e->>'per', e->'options', (e->>'max_length')::int, (e->>'min')::numeric,
            (e->>'max')::numeric, e->'translations'
       FROM jsonb_array_elements($3::jsonb) WITH ORDINALITY AS t (e, position)`,
    [
      shopId,
      productId,
      JSON.stringify(
        inputs.map((i) => ({
          variant_id: i.variant_id ?? null,
          kind: i.kind,
          label: i.label,
          help: i.help,
          required: i.required ?? false,
          per: i.per ?? 'booking',
          options: i.kind === 'choice' ? (i.options ?? []) : [],
          max_length: i.max_length ?? null,
          min: i.min ?? null,
          max: i.max ?? null,
          translations: i.translations ?? {},
        })),
      ),
    ],
  );
}

/** A reservation's item as its questions need it. */
export interface HeldRow {
  variant_id: number;
  product_id: number;
  quantity: number;
}

/** The shop's reservation `id` (only `cartToken`'s, when given): its items and answers, or undefined. */
export async function reservationHeld(
  q: Queryable,
  shopId: number,
  id: number,
  cartToken: string | undefined,
): Promise<{ items: HeldRow[]; answers: StoredAnswer[] } | undefined> {
  const params: unknown[] = [shopId, id];
  if (cartToken !== undefined) params.push(cartToken);
  const { rows } = await q.query<{ answers: StoredAnswer[]; items: HeldRow[] }>(
    `SELECT r.answers,
            COALESCE((SELECT json_agg(json_build_object('variant_id', ri.variant_id, 'product_id', v.product_id,
                                                        'quantity', ri.quantity) ORDER BY ri.id)
                        FROM reservation_items ri JOIN variants v ON v.id = ri.variant_id
                       WHERE ri.reservation_id = r.id), '[]'::json) AS items
       FROM reservations r WHERE r.shop_id = $1 AND r.id = $2 ${cartToken !== undefined ? 'AND r.cart_token = $3' : ''}`,
    params,
  );
  const row = rows[0];
  return row
    ? {
        answers: row.answers,
        items: row.items.map((i) => ({
          variant_id: Number(i.variant_id),
          product_id: Number(i.product_id),
          quantity: i.quantity,
        })),
      }
    : undefined;
}

/** An answer as a reservation stores it: the booking's field, and whose question it answers. */
export interface StoredAnswer {
  question_id: number;
  product_id: number;
  name: string;
  value: string;
}

/** Replaces the reservation's answers. */
export async function storeAnswers(
  q: Queryable,
  reservationId: number,
  answers: readonly StoredAnswer[],
): Promise<void> {
  await q.query('UPDATE reservations SET answers = $2::jsonb WHERE id = $1', [reservationId, JSON.stringify(answers)]);
}

/** The questions the shop's variant `externalVariantId` is asked (its product's and its own), in order. */
export async function variantQuestions(q: Queryable, shopId: number, externalVariantId: number): Promise<Question[]> {
  const { rows } = await q.query<Question>(
    `SELECT ${QUESTION_COLUMNS} FROM questions q JOIN variants v ON v.product_id = q.product_id
      WHERE v.shop_id = $1 AND v.external_id = $2 AND (q.variant_id IS NULL OR q.variant_id = v.id)
      ORDER BY q.position, q.id`,
    [shopId, externalVariantId],
  );
  return rows.map(question);
}
