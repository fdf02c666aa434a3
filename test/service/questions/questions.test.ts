/**
 * Questions asked with a booking (issue 27, point 8): a merchant's questions per product and
 * variant, a hold's answers validated against them (422 naming the question, nothing stored),
 * a booking made from the hold carrying them in `fields`, and a Shopify order's line
 * properties becoming the booking's fields.
 */
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/databases.ts';
import type { TestService } from '../../helpers/service.ts';
import { api, catalogIds, TOKENS, withService } from '../api.ts';
import { heldLine, orderPayload, webhook } from '../shopify/payloads.ts';

const QUESTIONS = (doubleVariant: number) => ({
  questions: [
    { kind: 'short_text', label: "Rider's name", required: true, per: 'unit', max_length: 20 },
    {
      kind: 'choice',
      label: 'Paddle size',
      options: ['Short', 'Long'],
      translations: { de: { label: 'Paddelgröße' } },
    },
    { kind: 'checkbox', label: 'I accept the waiver', required: true },
    { kind: 'number', label: 'Riders’ total weight (kg)', min: 20, max: 400, variant_id: doubleVariant },
  ],
});

/** Holds `units` Single kayaks (8001) for 10-11 December in `cart`. */
async function hold(service: TestService, cart = 'cart-q', units = 2) {
  const r = await api(service).post(
    '/v1/reservations',
    { cart_token: cart, items: [{ external_id: 8001, start: '2026-12-10', finish: '2026-12-12', quantity: units }] },
    { token: TOKENS.publishable },
  );
  expect(r.status).toBe(201);
  return { id: r.body.id as number, start: r.body.items[0].start as string, finish: r.body.items[0].finish as string };
}

async function setUp(service: TestService) {
  const ids = await catalogIds(service);
  const put = await api(service).put(`/v1/products/${ids.kayak}/questions`, QUESTIONS(ids.double));
  expect(put.status).toBe(200);
  return { ids, questions: put.body as { id: number; label: string }[] };
}

describeEachDatabase('Questions with the booking', (database) => {
  it('stores a product’s questions in order and lists them; a publishable token may not write them', async () => {
    await withService(database, async (service) => {
      const { ids, questions } = await setUp(service);
      expect(questions.map((q) => q.label)).toEqual([
        "Rider's name",
        'Paddle size',
        'I accept the waiver',
        'Riders’ total weight (kg)',
      ]);
      expect(questions[0]).toMatchObject({
        kind: 'short_text',
        required: true,
        per: 'unit',
        max_length: 20,
        variant_id: null,
      });
      expect(questions[1]).toMatchObject({
        options: ['Short', 'Long'],
        translations: { de: { label: 'Paddelgröße' } },
      });
      expect(questions[3]).toMatchObject({ min: 20, max: 400, variant_id: ids.double });
      expect((await api(service).get(`/v1/products/${ids.kayak}/questions`)).body).toEqual(questions);
      const refused = await api(service).put(
        `/v1/products/${ids.kayak}/questions`,
        { questions: [] },
        {
          token: TOKENS.publishable,
        },
      );
      expect(refused.status).toBe(403);
    });
  });

  it('refuses bad questions with a 422 naming each, and keeps the ones stored', async () => {
    await withService(database, async (service) => {
      const { ids } = await setUp(service);
      const r = await api(service).put(`/v1/products/${ids.kayak}/questions`, {
        questions: [
          { kind: 'choice', label: 'Size' },
          { kind: 'essay', label: '' },
          { kind: 'number', label: 'Age', min: 10, max: 5, variant_id: ids.skis },
        ],
      });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.details.fields).sort()).toEqual(
        ['questions[0].options', 'questions[1].kind', 'questions[1].label', 'questions[2].max'].sort(),
      );
      const wrongVariant = await api(service).put(`/v1/products/${ids.kayak}/questions`, {
        questions: [{ kind: 'number', label: 'Age', variant_id: ids.skis }],
      });
      expect(wrongVariant.body.details.fields).toEqual({
        'questions[0].variant_id': ['must be a variant of this product (its id, not its external_id)'],
      });
      expect((await api(service).get(`/v1/products/${ids.kayak}/questions`)).body).toHaveLength(4);
    });
  });

  it('asks a hold its product’s questions (per unit as many times as units held; not another variant’s)', async () => {
    await withService(database, async (service) => {
      await setUp(service);
      const h = await hold(service);
      const asked = await api(service).get(`/v1/reservations/${h.id}/questions?cart_token=cart-q`, {
        token: TOKENS.publishable,
      });
      expect(asked.status).toBe(200);
      expect(asked.body.map((q: { label: string; times: number }) => [q.label, q.times])).toEqual([
        ["Rider's name", 2],
        ['Paddle size', 1],
        ['I accept the waiver', 1],
      ]);
      // Without its cart token a publishable token cannot see the reservation.
      expect((await api(service).get(`/v1/reservations/${h.id}/questions`, { token: TOKENS.publishable })).status).toBe(
        404,
      );
    });
  });

  it('refuses bad answers in words naming the question, storing nothing', async () => {
    await withService(database, async (service) => {
      const { questions } = await setUp(service);
      const [name, size, waiver] = questions.map((q) => q.id);
      const h = await hold(service);
      const path = `/v1/reservations/${h.id}/answers?cart_token=cart-q`;
      const r = await api(service).put(
        path,
        {
          answers: [
            { question_id: name, unit: 1, value: 'A name far longer than twenty' },
            { question_id: size, value: 'Medium' },
            { question_id: 999999, value: 'x' },
          ],
        },
        { token: TOKENS.publishable },
      );
      expect(r.status).toBe(422);
      expect(r.body.details.fields).toEqual({
        'answers[0].value': [`"Rider's name #1" must be at most 20 characters`],
        'answers[1].value': ['"Paddle size" must be one of: Short, Long'],
        'answers[2].question_id': ['is not a question this reservation asks'],
        answers: [`"Rider's name #2" is required`, '"I accept the waiver" is required'],
      });
      const unit3 = await api(service).put(
        path,
        { answers: [{ question_id: name, unit: 3, value: 'Ann' }] },
        {
          token: TOKENS.publishable,
        },
      );
      expect(unit3.body.details.fields['answers[0].unit']).toEqual([
        `must be from 1 to 2 ("Rider's name" is asked 2 times)`,
      ]);
      expect((await api(service).get(path, { token: TOKENS.publishable })).body).toEqual({
        reservation_id: h.id,
        fields: [],
      });
      expect(waiver).toBeGreaterThan(0);
    });
  });

  it('stores good answers on the hold; a booking made from it carries them in its fields', async () => {
    await withService(database, async (service) => {
      const { questions } = await setUp(service);
      const [name, size, waiver] = questions.map((q) => q.id);
      const h = await hold(service);
      const stored = await api(service).put(
        `/v1/reservations/${h.id}/answers?cart_token=cart-q`,
        {
          answers: [
            { question_id: name, unit: 1, value: ' Ana ' },
            { question_id: name, unit: 2, value: 'Ben' },
            { question_id: size, value: 'Long' },
            { question_id: waiver, value: 'Yes' },
          ],
        },
        { token: TOKENS.publishable },
      );
      expect(stored.status).toBe(200);
      const fields = [
        { name: "Rider's name #1", value: 'Ana' },
        { name: "Rider's name #2", value: 'Ben' },
        { name: 'Paddle size', value: 'Long' },
        { name: 'I accept the waiver', value: 'Yes' },
      ];
      expect(stored.body).toEqual({ reservation_id: h.id, fields });
      const booked = await api(service).post('/v1/bookings', {
        starts_at: '2026-12-10 00:00',
        finishes_at: '2026-12-12 00:00',
        items: [{ external_id: 8001, quantity: 2 }],
        customers: [{ email: 'ana@example.com' }],
        fields: [{ name: 'Source', value: 'phone' }],
        cart_token: 'cart-q',
      });
      expect(booked.status).toBe(201);
      expect(booked.body.fields).toEqual([{ name: 'Source', value: 'phone' }, ...fields]);
      expect((await api(service).get(`/v1/bookings/${booked.body.id}`)).body.fields).toEqual(booked.body.fields);
    });
  });

  it('turns a Shopify order line’s visible properties that answer the questions into the booking’s fields', async () => {
    await withService(database, async (service) => {
      await setUp(service);
      const h = await hold(service, 'cart-shopify');
      const line = heldLine(1001, 8001, h.start, h.finish, 2, 2, h.id);
      line.properties.push(
        { name: "Rider's name #1", value: 'Ana' },
        { name: "Rider's name #2", value: 'Ben' },
        { name: 'Paddle size', value: 'Enormous' },
        { name: 'I accept the waiver', value: 'Yes' },
        { name: 'Gift note', value: 'not a question' },
      );
      const answer = await service.fetch(webhook('orders/create', orderPayload({ lines: [line] })));
      const result = await answer.json();
      expect(result.bookings).toHaveLength(1);
      const booking = (await api(service).get(`/v1/bookings/${result.bookings[0]}`)).body;
      // An option that does not exist is left out; the waiver, the names and the order's name stay.
      expect(booking.fields).toEqual([
        { name: 'Shopify order', value: '#9999' },
        { name: "Rider's name #1", value: 'Ana' },
        { name: "Rider's name #2", value: 'Ben' },
        { name: 'I accept the waiver', value: 'Yes' },
      ]);
    });
  });
});
