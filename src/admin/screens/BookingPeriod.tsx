/**
 * When a booking is for, as its form asks it: the first and last day (or check-in and
 * check-out, when the product's widget counts nights), or for a variant booked by times of day
 * a day and one of its times, listed as the widget lists them (GET /v1/slots, with the units
 * left for the units asked). Every time is offered: a booking from the merchant is not held to
 * the shoppers' notice, and the service judges what fits (a refusal says why).
 * @module
 */
import { useSignalEffect } from '@preact/signals';
import { useEffect, useId, useMemo } from 'preact/hooks';
import type { AvailableSlot } from '../../client/index.ts';
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { client } from '../api.ts';
import { Field } from '../components/bits.tsx';
import { type DayCount, dayPeriod, slotPeriod } from '../models/booking-edit.ts';
import { session } from '../models/session.ts';
import { createResource } from '../models/resource.ts';

/** What the period's fields hold: days, or a day and a time (`HH:MM`, its slot once listed). */
export interface PeriodDraft {
  first: string;
  last: string;
  date: string;
  time: string;
  slot: AvailableSlot | null;
}

/** An empty period from `date` (one day, or that day's `time`). */
export function periodDraft(date = '', time = ''): PeriodDraft {
  return { first: date, last: date, date, time, slot: null };
}

/** The variant the period is for. */
export interface PeriodVariant {
  externalId: number;
  slots: boolean;
  count: DayCount;
}

/** The labels of the period's fields, by the API's names (for the 422's messages). */
export function periodLabels(v: PeriodVariant): Record<string, string> {
  if (v.slots) return { starts_at: 'Time', finishes_at: 'Time' };
  return v.count === 'nights'
    ? { starts_at: 'Check-in', finishes_at: 'Check-out' }
    : { starts_at: 'First day', finishes_at: 'Last day' };
}

/** The API's times for `draft`, or the errors of the fields left empty. */
export function periodOf(
  draft: PeriodDraft,
  v: PeriodVariant,
): { starts_at: string; finishes_at: string } | { errors: Record<string, string[]> } {
  if (v.slots) {
    if (!draft.slot) return { errors: { starts_at: [draft.date ? 'choose a time' : 'choose a day, then a time'] } };
    return slotPeriod(draft.date, draft.slot, session.value?.shop.tz ?? 'UTC');
  }
  const errors: Record<string, string[]> = {};
  if (!draft.first) errors.starts_at = ['choose a day'];
  if (!draft.last) errors.finishes_at = ['choose a day'];
  if (draft.first && draft.last && draft.last < draft.first)
    errors.finishes_at = [`must not be before “${periodLabels(v).starts_at}”`];
  if (v.count === 'nights' && draft.first && draft.last === draft.first)
    errors.finishes_at = ['must be after “Check-in”'];
  if (Object.keys(errors).length) return { errors };
  return dayPeriod(draft.first as PlainDate, draft.last as PlainDate, v.count);
}

const SLOT_STATE: Record<string, string> = {
  sold_out: 'fully booked',
  blacked_out: 'closed by a blackout',
  outside_window: 'too soon or too far ahead for shoppers',
};

/** "6 left", or why shoppers cannot take it. */
function slotWords(s: AvailableSlot): string {
  return SLOT_STATE[s.status] ?? `${s.quantity_available} left`;
}

/** The period's fields for `variant`; `units` is what the times' "left" is counted for. */
export function PeriodFields(props: {
  variant: PeriodVariant;
  value: PeriodDraft;
  onChange: (value: PeriodDraft) => void;
  units: number;
  errors: Record<string, string[]>;
}) {
  const { variant: v, value, onChange, errors } = props;
  const set = (patch: Partial<PeriodDraft>) => onChange({ ...value, ...patch });
  const labels = periodLabels(v);
  // A stay in nights checks out at least a day after it checks in (an address names one day).
  const oneDay = v.count === 'nights' && !v.slots && value.first && value.last <= value.first;
  useEffect(() => {
    if (oneDay) set({ last: addDays(value.first as PlainDate, 1) });
  }, [oneDay]);
  const dayField = (key: 'first' | 'last' | 'date', label: string, errs: string[] | undefined) => (
    <Field label={label} errors={errs}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="date"
          value={value[key]}
          onInput={(e) => {
            const day = e.currentTarget.value;
            // A later first day moves the last one with it: a stay never ends before it starts.
            if (key === 'first' && (!value.last || value.last < day))
              set({ first: day, last: v.count === 'nights' && day ? addDays(day as PlainDate, 1) : day });
            else if (key === 'date') set({ date: day, slot: null });
            else set({ [key]: day });
          }}
          aria-describedby={describedBy}
          aria-invalid={invalid}
        />
      )}
    </Field>
  );
  if (!v.slots)
    return (
      <div class="row">
        {dayField('first', labels.starts_at!, errors.starts_at)}
        {dayField('last', labels.finishes_at!, errors.finishes_at)}
      </div>
    );
  return (
    <>
      {dayField('date', 'Day', undefined)}
      <SlotChoice {...props} />
    </>
  );
}

/** The times of one day of a variant, for `units` units. */
async function daySlots(
  key: { date: string; units: number; id: number },
  signal: AbortSignal,
): Promise<AvailableSlot[]> {
  if (!key.date) return [];
  const byDate = await client.availability.slots(
    {
      external_variant_id: key.id,
      start: key.date,
      finish: addDays(key.date as PlainDate, 1),
      quantity: Math.max(key.units, 1),
    },
    { signal },
  );
  return byDate[key.date] ?? [];
}

/** The day's times as radio buttons (arrow keys move among them), each with what is left. */
function SlotChoice(props: Parameters<typeof PeriodFields>[0]) {
  const { variant: v, value, onChange, units, errors } = props;
  const id = useId();
  const slots = useMemo(() => createResource(daySlots), []);
  useEffect(() => void slots.load({ date: value.date, units, id: v.externalId }), [value.date, units, v.externalId]);
  useEffect(() => () => slots.reset(), []);
  // The address may name a time (`time=09:00`): chosen once its day's times are listed.
  useSignalEffect(() => {
    const list = slots.data.value;
    if (!list || value.slot || !value.time) return;
    const found = list.find((s) => s.local_start === value.time);
    if (found) onChange({ ...value, slot: found });
  });
  const list = slots.data.value ?? [];
  const errs = errors.starts_at ?? errors.finishes_at;
  return (
    <fieldset aria-describedby={errs ? `${id}-error` : undefined}>
      <legend>Time</legend>
      {slots.loading.value && <p class="hint">Loading the times…</p>}
      {slots.error.value && <p class="error">{slots.error.value}</p>}
      {value.date && list.length === 0 && !slots.loading.value && <p>No times on this day.</p>}
      {!value.date && <p class="hint">Choose a day to see its times.</p>}
      {list.map((s) => (
        <label key={s.starts_at} class="check">
          <input
            type="radio"
            name={`${id}-time`}
            checked={value.slot?.starts_at === s.starts_at}
            onChange={() => onChange({ ...value, time: s.local_start, slot: s })}
          />
          {s.local_start}–{s.local_finish} · {slotWords(s)}
        </label>
      ))}
      {errs && (
        <p class="error" id={`${id}-error`}>
          {errs.join('; ')}
        </p>
      )}
    </fieldset>
  );
}
