/**
 * A product's questions as the admin edits them: drafts with every field as text (what the
 * inputs hold), turned into the API's questions on save, and read back from them. Translations
 * are one line per language, `de: Label | Option, Option`.
 * @module
 */
import type { Question, QuestionKind, QuestionParams, QuestionPer } from '../../client/index.ts';

/** A question being edited. */
export interface Draft {
  key: number;
  kind: QuestionKind;
  label: string;
  help: string;
  required: boolean;
  per: QuestionPer;
  /** One option a line. */
  options: string;
  max_length: string;
  min: string;
  max: string;
  /** '' for every variant, else the variant's id. */
  variant: string;
  translations: string;
}

let keys = 0;

/** A new, empty question. */
export function blankDraft(): Draft {
  return {
    key: ++keys,
    kind: 'short_text',
    label: '',
    help: '',
    required: false,
    per: 'booking',
    options: '',
    max_length: '',
    min: '',
    max: '',
    variant: '',
    translations: '',
  };
}

/** The draft of a stored question. */
export function draftOf(q: Question): Draft {
  return {
    key: ++keys,
    kind: q.kind,
    label: q.label,
    help: q.help ?? '',
    required: q.required,
    per: q.per,
    options: q.options.join('\n'),
    max_length: q.max_length === null ? '' : String(q.max_length),
    min: q.min === null ? '' : String(q.min),
    max: q.max === null ? '' : String(q.max),
    variant: q.variant_id === null ? '' : String(q.variant_id),
    translations: Object.entries(q.translations)
      .map(([lang, t]) => `${lang}: ${t.label ?? ''}${t.options?.length ? ` | ${t.options.join(', ')}` : ''}`)
      .join('\n'),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const numberOr = (text: string) => (text.trim() === '' ? null : Number(text.trim()));

/** The translations a draft's text gives, by locale. */
export function translationsOf(text: string): Question['translations'] {
  const out: Question['translations'] = {};
  for (const line of lines(text)) {
    const m = /^([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const [label, options] = m[2]!.split('|').map((s) => s.trim());
    out[m[1]!.toLowerCase()] = {
      ...(label ? { label } : {}),
      ...(options ? { options: options.split(',').map((o) => o.trim()) } : {}),
    };
  }
  return out;
}

/** The question the API takes for `d`. */
export function paramsOf(d: Draft): QuestionParams {
  const text = d.kind === 'short_text' || d.kind === 'long_text';
  return {
    kind: d.kind,
    label: d.label.trim(),
    help: d.help.trim() || null,
    required: d.required,
    per: d.per,
    ...(d.kind === 'choice' ? { options: lines(d.options) } : {}),
    max_length: text ? numberOr(d.max_length) : null,
    min: d.kind === 'number' ? numberOr(d.min) : null,
    max: d.kind === 'number' ? numberOr(d.max) : null,
    variant_id: d.variant ? Number(d.variant) : null,
    translations: translationsOf(d.translations),
  };
}

/** The kinds in the merchant's words. */
export const KIND_NAMES: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  choice: 'Choice',
  checkbox: 'Checkbox (e.g. accept a waiver)',
  number: 'Number',
};
