// The client's questions against the real in-process service: a product's questions, a hold's
// questions and answers with a publishable token, and a refusal naming the question.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidationError } from '../../src/client/index.ts';
import { connect, type Connected } from './contract-helpers.ts';

let api: Connected;

beforeAll(async () => {
  api = await connect();
});
afterAll(async () => {
  await api.service.close();
});

describe('contract: questions with the booking', () => {
  it('sets a product’s questions, and a shopper’s cart answers them (a wrong answer refused naming the question)', async () => {
    const { client, clientWith } = api;
    const kayak = (await client.products.list({ external_id: 7001 }))[0]!;
    const [name, waiver] = await client.questions.set(kayak.id, [
      { kind: 'short_text', label: 'Rider name', required: true, per: 'unit' },
      { kind: 'checkbox', label: 'Waiver', required: true },
    ]);
    expect((await client.questions.list(kayak.id)).map((q) => q.label)).toEqual(['Rider name', 'Waiver']);
    const shopper = clientWith({ token: 'pk_test_harbour' });
    const hold = await shopper.reservations.create({
      cart_token: 'cart-client-q',
      items: [{ external_id: 8001, start: '2026-12-10', quantity: 2 }],
    });
    const asked = await shopper.questions.asked(hold.id, { cart_token: 'cart-client-q' });
    expect(asked.map((q) => [q.label, q.times])).toEqual([
      ['Rider name', 2],
      ['Waiver', 1],
    ]);
    const refused = await shopper.questions
      .answer(hold.id, [{ question_id: name!.id, value: 'Ada' }], { cart_token: 'cart-client-q' })
      .catch((error: unknown) => error);
    expect(isValidationError(refused) && refused.details?.fields).toEqual({
      answers: ['"Rider name #2" is required', '"Waiver" is required'],
    });
    const stored = await shopper.questions.answer(
      hold.id,
      [
        { question_id: name!.id, value: 'Ada' },
        { question_id: name!.id, unit: 2, value: 'Grace' },
        { question_id: waiver!.id, value: 'Yes' },
      ],
      { cart_token: 'cart-client-q' },
    );
    expect(stored.fields.map((f) => f.name)).toEqual(['Rider name #1', 'Rider name #2', 'Waiver']);
    expect(await shopper.questions.answers(hold.id, { cart_token: 'cart-client-q' })).toEqual(stored);
  });
});
