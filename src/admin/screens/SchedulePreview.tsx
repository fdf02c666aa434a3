/**
 * Beside the schedule editor: the next seven days' slots as the widget will offer them (worked
 * out in the page from the edit, saved or not), and the holds and bookings the edit would leave
 * outside the schedule (the service's dry run, POST /v1/variants/{id}/misfits, asked once typing
 * pauses), saying plainly that nothing booked is changed or cancelled.
 * @module
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { Misfit, ScheduleParams } from '../../client/index.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { isBookingApiError } from '../../client/index.ts';
import { client, messageOf } from '../api.ts';
import { previewWeek } from '../models/schedule-preview.ts';

const weekday = (date: PlainDate, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );

/** The next seven days of `schedule` (undefined: the edit is not complete yet). */
export function SchedulePreview(props: {
  schedule: ScheduleParams | undefined;
  capacity: number;
  tz: string;
  locale: string;
  today: PlainDate;
  now: number;
}) {
  const { schedule } = props;
  if (!schedule) return <p class="hint">The preview appears once the fields marked are filled in.</p>;
  const places = schedule.counting === 'seats' ? `${props.capacity} places each` : `${props.capacity} at the same time`;
  return (
    <ul class="preview" aria-label="The next seven days as shoppers will see them">
      {previewWeek(schedule, props.tz, props.today, props.now).map((day) => (
        <li key={day.date}>
          <strong>{weekday(day.date, props.locale)}</strong>:{' '}
          {day.slots.length === 0
            ? 'closed'
            : day.slots.map((slot, i) => (
                <span key={slot.start} class={slot.closed ? 'slot closed' : 'slot'}>
                  {i > 0 && ', '}
                  {slot.start}–{slot.finish}
                  {slot.closed ? ` (${slot.closed})` : ''}
                </span>
              ))}
        </li>
      ))}
      <li class="hint">
        Times in {props.tz.replace(/_/g, ' ')}; {places}.
      </li>
    </ul>
  );
}

/** "Sat, Dec 5, 09:00–11:00" of a misfit's local start and finish. */
function periodOf(m: Misfit): string {
  const [startDay, startTime] = m.start_local.split('T');
  const [finishDay, finishTime] = m.finish_local.split('T');
  if (!startTime) return startDay === finishDay ? startDay! : `${startDay} to ${finishDay} (whole days)`;
  return finishDay === startDay
    ? `${startDay} ${startTime}–${finishTime}`
    : `${startDay} ${startTime} to ${finishDay} ${finishTime}`;
}

/** The reason in the merchant's words: the service's local times without their "T". */
const reasonOf = (m: Misfit) => m.reason.replace(/(\d{4}-\d\d-\d\d)T(\d\d:\d\d)/g, '$1 $2');

type Check =
  | { state: 'idle' | 'asking' }
  | { state: 'done'; misfits: Misfit[]; total: number }
  | { state: 'failed'; message: string };

/** Misfits listed at most: the rest are counted (X-Total-Count). */
const LISTED = 100;

/** What the edit would leave outside the schedule; `schedule` undefined while the edit is incomplete. */
export function ScheduleMisfits(props: { variantId: number; schedule: ScheduleParams | null | undefined }) {
  const check = useSignal<Check>({ state: 'idle' });
  const key = JSON.stringify(props.schedule ?? 'incomplete');
  useEffect(() => {
    if (props.schedule === undefined) {
      check.value = { state: 'idle' };
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      check.value = { state: 'asking' };
      client.variants
        .checkMisfits(props.variantId, props.schedule ?? null, { per: LISTED }, { signal: abort.signal })
        .withResponse()
        .then(
          ({ data, response }) =>
            (check.value = {
              state: 'done',
              misfits: data,
              total: Number(response.headers.get('X-Total-Count') ?? data.length) || data.length,
            }),
          (error) => {
            if (abort.signal.aborted) return;
            const invalid = isBookingApiError(error) && error.status === 422;
            check.value = {
              state: 'failed',
              message: invalid ? 'some of the times are not valid yet (Save marks them).' : messageOf(error),
            };
          },
        );
    }, 300);
    return () => (clearTimeout(timer), abort.abort());
  }, [key, props.variantId]);
  const c = check.value;
  return (
    <div class="misfits" role="status">
      {c.state === 'asking' && <p>Checking the holds and bookings…</p>}
      {c.state === 'failed' && <p>Could not check the holds and bookings: {c.message}</p>}
      {c.state === 'done' && c.misfits.length === 0 && <p>Every live hold and coming booking fits these times.</p>}
      {c.state === 'done' && c.misfits.length > 0 && (
        <>
          <p>
            {c.misfits.length === 1 ? 'One hold or booking' : `${c.misfits.length} holds and bookings`} would be outside
            these times:
          </p>
          <ul>
            {c.misfits.map((m) => (
              <li key={`${m.kind}-${m.id}-${m.starts_at}`}>
                {m.kind === 'hold' ? 'Hold' : 'Booking'} #{m.id}, {periodOf(m)}, {m.quantity}: {reasonOf(m)}
              </li>
            ))}
          </ul>
        </>
      )}
      <p class="hint">
        Nothing booked is changed or cancelled: holds and bookings keep their times. Move or cancel them yourself under
        Bookings and holds.
      </p>
    </div>
  );
}
