/**
 * A product's questions (API.md §3 "Questions"): read, and replaced as a whole list in one
 * transaction. A question for one variant must name a variant of that product.
 * @module
 */
import type { Database } from '../db/types.ts';
import type { Question } from '../../shared/questions.ts';
import { NotFoundError } from '../shared/errors.ts';
import type { FieldErrors } from '../shared/field-errors.ts';
import type { AuthContext } from '../tokens/types.ts';
import { productVariants, questionsOf, replaceQuestions } from './queries.ts';
import type { QuestionInput } from './schemas.ts';

/** The questions of the shop's product `productId`, in the order asked; 404 when it is not the shop's. */
export async function productQuestions(db: Database, auth: AuthContext, productId: number): Promise<Question[]> {
  if (!(await productVariants(db, auth.shopId, productId))) throw new NotFoundError('product', String(productId));
  return questionsOf(db, auth.shopId, [productId]);
}

/**
 * Replaces the product's questions with `inputs` (checked by the schema; `errors` holds its
 * messages, to which a variant of another product is added): one 422 names every bad field and
 * nothing changes; else resolves to the new list.
 */
export async function setProductQuestions(
  db: Database,
  auth: AuthContext,
  productId: number,
  inputs: readonly QuestionInput[] | undefined,
  errors: FieldErrors,
): Promise<Question[]> {
  const product = await productVariants(db, auth.shopId, productId);
  if (!product) throw new NotFoundError('product', String(productId));
  inputs?.forEach((q, i) => {
    if (q.variant_id != null && !product.variantIds.includes(q.variant_id))
      errors.add(`questions[${i}].variant_id`, 'must be a variant of this product (its id, not its external_id)');
  });
  errors.throwIfAny();
  return db.transaction(async (tx) => {
    await replaceQuestions(tx, auth.shopId, productId, inputs!);
    return questionsOf(tx, auth.shopId, [productId]);
  });
}
