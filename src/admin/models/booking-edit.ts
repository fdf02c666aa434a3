/**
 * Bookings the merchant makes and changes (issue 30 point 3): the period a form names (days,
 * nights or a time of day) as the API's shop-local times, a new booking (POST /v1/bookings), a
 * change of one (PATCH /v1/bookings/{id}: other days or time, units, customer, answers), and a
 * refusal (409) said in words: what does not fit, and that nothing was changed.
 * @module
 */
import type { Booking, Product, Variant } from '../../client/index.ts';
import type { BookingField } from '../../shared/records.ts';
import { isUnavailableError } from '../../client/index.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import {
  type AnswerProblem,
  answerName,
  answerProblem,
  maxLengthOf,
  type Question,
  questionsFor,
} from '../../shared/questions.ts';
import { plainDateInZone } from '../../shared/zones.ts';
import { client, messageOf } from '../api.ts';
import { products, variantName, widgets } from './catalog.ts';

/** A customer as the admin books them: a phone or walk-in customer has a phone number. */
export interface BookingCustomer {
  first_name: string;
  last_name: string;
  email: string;
  phone?: string;
}

/** What a change sends: any of these (API.md §4.5, PATCH). */
export interface BookingChange {
  starts_at?: string;
  finishes_at?: string;
  items?: { external_id: number; quantity: number; resource_id?: string | number | null }[];
  customers?: BookingCustomer[];
  fields?: BookingField[];
}

/** A new booking from the admin: the same body as a storefront's order (POST /v1/bookings). */
export interface NewBooking extends Required<Pick<BookingChange, 'starts_at' | 'finishes_at' | 'items'>> {
  customers: BookingCustomer[];
  fields: BookingField[];
}

/** Books `booking`; resolves to the new booking. A 409 when it does not fit (see `refusalWords`). */
export async function createBooking(booking: NewBooking): Promise<Booking> {
  // The client's params type predates `phone` (issue 30); the service takes it.
  return client.bookings.create(booking as Parameters<typeof client.bookings.create>[0]);
}

/** Changes booking `id` (PATCH /v1/bookings/{id}); resolves to the changed booking. */
export async function changeBooking(id: number, change: BookingChange): Promise<Booking> {
  return client.bookings.update(id, change);
}

/**
 * Whether the screen showed a booking, a customer or a form since its list: the list then takes
 * the keyboard's focus to its heading when it comes back (the link that led there is gone).
 */
export const back = { fromDetail: false };

/** One booking, by its id. */
export function loadBooking(id: number, signal: AbortSignal): Promise<Booking> {
  return client.bookings.retrieve(id, { signal });
}

/** How a variant's days are counted: days (first and last day booked) or nights (check-in, check-out). */
export type DayCount = 'days' | 'nights';

/** The product and variant of a variant's service id or (failing that) platform id. */
export function variantById(id: number | string): { product: Product; variant: Variant } | undefined {
  const all = products.value ?? [];
  for (const by of ['id', 'external_id'] as const)
    for (const product of all) {
      const variant = product.variants.find((v) => Number(v[by]) === Number(id));
      if (variant) return { product, variant };
    }
  return undefined;
}

/** How the widget on the variant's product counts a stay (a product on several follows its oldest, as the storefront does). */
export function dayCountOf(externalVariantId: number): DayCount {
  const found = variantById(externalVariantId);
  const widget = (widgets.value ?? [])
    .filter((w) => found && w.external_product_ids.some((p) => Number(p) === Number(found.product.external_id)))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id - b.id)[0];
  return widget?.type === 'range' && widget.settings.count === 'nights' ? 'nights' : 'days';
}

/**
 * A stay of whole days as the API's shop-local times: from the first day's midnight to the
 * midnight after the last day (days), or to the check-out day's midnight (nights).
 */
export function dayPeriod(
  first: PlainDate,
  last: PlainDate,
  count: DayCount,
): { starts_at: string; finishes_at: string } {
  const end = count === 'nights' ? last : addDays(last, 1);
  return { starts_at: `${first} 00:00`, finishes_at: `${end} 00:00` };
}

/** A time of day (a slot of GET /v1/slots) as the API's shop-local times. */
export function slotPeriod(
  date: string,
  slot: { local_start: string; local_finish: string; finishes_at: string },
  tz: string,
): { starts_at: string; finishes_at: string } {
  return {
    starts_at: `${date} ${slot.local_start}`,
    finishes_at: `${plainDateInZone(new Date(slot.finishes_at), tz)} ${slot.local_finish}`,
  };
}

/** The days a booking of whole days holds, as its form shows them: first and last day, or check-in and check-out. */
export function daysOf(booking: Booking, count: DayCount): { first: PlainDate; last: PlainDate } {
  const first = booking.starts_at_local.slice(0, 10) as PlainDate;
  const end = booking.finishes_at_local.slice(0, 10) as PlainDate;
  return { first, last: count === 'nights' ? end : addDays(end, -1) };
}

const STATUS_WORDS: Record<string, string> = {
  sold_out: 'is fully booked',
  blacked_out: 'is closed by a blackout',
  outside_window: 'is outside the days it can be booked',
  unavailable: 'cannot be booked',
};

/**
 * Why a booking or change was refused, in the merchant's words. A 409 whose message is already
 * words ("Only 1 Single kayak is left on Tue 15 Dec 2026 (2 asked). Nothing was changed.") is
 * said as it is; one that names items as the API does (`items[0] (sold_out)`) is said from its
 * details instead ("Kayak hire – Single kayak is fully booked then (1 left, 2 asked). Nothing
 * was changed."). Any other failure is `messageOf`'s sentence.
 */
export function refusalWords(error: unknown, verb: 'Not booked' | 'Not changed'): string {
  const said = messageOf(error);
  if (!isUnavailableError(error)) return `${verb}: ${said}`;
  const misfits = error.details.items.filter((i) => i.status !== 'ok');
  if (!/items\[\d+\]/.test(said) || misfits.length === 0)
    return `${verb}: ${said}${/Nothing was \w+\.$/.test(said) ? '' : ' Nothing was changed.'}`;
  const why = misfits.map((i) => {
    const what = STATUS_WORDS[i.status] ?? STATUS_WORDS.unavailable!;
    const left = i.status === 'sold_out' ? ` (${i.quantity_available} left, ${i.quantity} asked)` : '';
    return `${variantName(i.external_id)} ${what} then${left}.`;
  });
  return `${verb}: ${why.join(' ')} Nothing was changed.`;
}

/** One answer a booking asks for: a question, and which unit it is for (1 when asked per booking). */
export interface AskedAnswer {
  question: Question;
  /** The name the answer is stored under ("Rider's name #2"), also the field's label. */
  name: string;
}

/** The answers `questions` ask of a booking of `units` units of the variant `variantId` (the service's id). */
export function askedAnswers(questions: readonly Question[], variantId: number, units: number): AskedAnswer[] {
  return questionsFor(questions, variantId).flatMap((question) =>
    Array.from({ length: question.per === 'unit' ? Math.max(units, 1) : 1 }, (_, i) => ({
      question,
      name: answerName(question, i + 1),
    })),
  );
}

/** What is wrong with each answer, by its name, in words (the service's rules for the widget's answers). */
export function answerErrors(asked: readonly AskedAnswer[], answers: Record<string, string>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const { question: q, name } of asked) {
    const problem = answerProblem(q, answers[name]);
    if (!problem) continue;
    const words: Record<AnswerProblem, string> = {
      required: 'is required',
      too_long: `must be at most ${maxLengthOf(q)} characters`,
      not_option: `must be one of: ${q.options.join(', ')}`,
      not_number: 'must be a number',
      too_small: `must be at least ${q.min}`,
      too_big: `must be at most ${q.max}`,
      not_checked: 'must be ticked or left empty',
    };
    errors[name] = [words[problem]];
  }
  return errors;
}

/**
 * The booking's fields after answering `asked`: each answered question (trimmed, in order),
 * then the fields that answer none of them (e.g. "Shopify order"), kept as they were.
 */
export function fieldsWith(
  asked: readonly AskedAnswer[],
  answers: Record<string, string>,
  kept: readonly BookingField[] = [],
): BookingField[] {
  const names = new Set(asked.map((a) => a.name));
  const answered = asked
    .map(({ name }) => ({ name, value: (answers[name] ?? '').trim() }))
    .filter((f) => f.value !== '');
  return [...answered, ...kept.filter((f) => !names.has(f.name))];
}
