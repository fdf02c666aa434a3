/**
 * A question as a merchant writes it, once its body is checked (`schemas.ts`): what
 * `replaceQuestions` stores. Absent optional parts take their defaults there.
 * @module
 */
import type { QuestionTranslation } from '../../shared/questions.ts';

/** A checked question of PUT /v1/products/{id}/questions. */
export interface QuestionWrite {
  kind: string;
  label: string;
  help: string | null;
  required?: boolean | undefined;
  per?: 'booking' | 'unit' | undefined;
  options?: string[] | undefined;
  max_length?: number | null | undefined;
  min?: number | null | undefined;
  max?: number | null | undefined;
  variant_id?: number | null | undefined;
  translations?: Record<string, QuestionTranslation> | undefined;
}
