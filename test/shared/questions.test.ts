import { describe, expect, it } from 'vitest';
import { answerName, answerProblem, answersInProperties, type Question } from '../../src/shared/questions.ts';

const q = (over: Partial<Question>): Question => ({
  id: 1,
  product_id: 1,
  variant_id: null,
  position: 0,
  kind: 'short_text',
  label: 'Name',
  help: null,
  required: false,
  per: 'booking',
  options: [],
  max_length: null,
  min: null,
  max: null,
  translations: {},
  ...over,
});

describe('an answer judged by its question (the rule the widget, the service and orders share)', () => {
  it('refuses a required answer left blank, and takes a blank optional one as no answer', () => {
    expect(answerProblem(q({ required: true }), '  ')).toBe('required');
    expect(answerProblem(q({}), '')).toBeUndefined();
  });

  it('refuses text over its longest (255 short, 2000 long by default), an option that does not exist, a number out of range', () => {
    expect(answerProblem(q({}), 'x'.repeat(256))).toBe('too_long');
    expect(answerProblem(q({ kind: 'long_text' }), 'x'.repeat(2000))).toBeUndefined();
    expect(answerProblem(q({ max_length: 3 }), 'Anna')).toBe('too_long');
    expect(answerProblem(q({ kind: 'choice', options: ['S', 'M'] }), 'L')).toBe('not_option');
    expect(answerProblem(q({ kind: 'number', min: 1, max: 9 }), '0')).toBe('too_small');
    expect(answerProblem(q({ kind: 'number', min: 1, max: 9 }), '9.5')).toBe('too_big');
    expect(answerProblem(q({ kind: 'number' }), '1e3')).toBe('not_number');
    expect(answerProblem(q({ kind: 'checkbox' }), 'no')).toBe('not_checked');
    expect(answerProblem(q({ kind: 'checkbox', required: true }), 'Yes')).toBeUndefined();
  });

  it('names an answer by the label, with the unit when asked per unit', () => {
    expect(answerName(q({}), 1)).toBe('Name');
    expect(answerName(q({ per: 'unit' }), 2)).toBe('Name #2');
  });

  it('reads the answers among a cart line’s properties, leaving out the widget’s own and the bad ones', () => {
    const questions = [q({ per: 'unit' }), q({ id: 2, kind: 'choice', label: 'Size', options: ['S'] })];
    expect(
      answersInProperties(
        questions,
        { Start: 'Dec 1', 'Name #1': 'Ana', 'Name #2': 'Ben', 'Name #3': 'Cy', Size: 'XL' },
        2,
      ),
    ).toEqual([
      { name: 'Name #1', value: 'Ana' },
      { name: 'Name #2', value: 'Ben' },
    ]);
  });
});
