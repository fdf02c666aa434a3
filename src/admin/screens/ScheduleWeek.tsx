/**
 * The week of a schedule: for each weekday its opening hours (intervals, each "Opens" and
 * "Closes") or its fixed start times, with add, remove and "Copy … to all weekdays". Each
 * interval's or time's errors stand under it, tied to its inputs.
 * @module
 */
import type { ComponentChildren } from 'preact';
import type { Weekday } from '../../client/index.ts';
import { WEEKDAYS } from '../../shared/schedule.ts';
import {
  copyToAllWeekdays,
  DAY_NAMES,
  type Interval,
  intervalErrors,
  type ScheduleDraft,
} from '../models/schedule-draft.ts';

/** A time input labelled for screen readers with its day and place. */
function TimeInput(props: {
  id: string;
  label: string;
  hidden: string;
  value: string;
  error: string | undefined;
  onInput: (value: string) => void;
}) {
  return (
    <div>
      <label for={props.id}>
        {props.label}
        <span class="sr-only"> {props.hidden}</span>
      </label>
      <input
        id={props.id}
        type="time"
        style="width:8em"
        value={props.value}
        onInput={(e) => props.onInput(e.currentTarget.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error}
      />
    </div>
  );
}

/** What a weekday's editor is given; `children` go beside its Add button. */
interface DayProps {
  idBase: string;
  day: Weekday;
  draft: ScheduleDraft;
  errors: Record<string, string[]>;
  set: (draft: ScheduleDraft) => void;
  children: ComponentChildren;
}

/** A weekday's opening intervals. */
function DayHours(props: DayProps) {
  const { day, draft } = props;
  const name = DAY_NAMES[day];
  const list = draft.hours[day];
  const put = (next: Interval[]) => props.set({ ...draft, hours: { ...draft.hours, [day]: next } });
  return (
    <>
      {list.map((interval, at) => {
        const errors = intervalErrors(props.errors, day, at);
        const errorId = errors.length ? `${props.idBase}-${day}-${at}-error` : undefined;
        const change = (key: keyof Interval) => (value: string) =>
          put(list.map((x, i) => (i === at ? { ...x, [key]: value } : x)));
        return (
          <div key={at}>
            <div class="row">
              <TimeInput
                id={`${props.idBase}-${day}-${at}-open`}
                label="Opens"
                hidden={`on ${name}${list.length > 1 ? `, hours ${at + 1}` : ''}`}
                value={interval.open}
                error={errorId}
                onInput={change('open')}
              />
              <TimeInput
                id={`${props.idBase}-${day}-${at}-close`}
                label="Closes"
                hidden={`on ${name}${list.length > 1 ? `, hours ${at + 1}` : ''}`}
                value={interval.close}
                error={errorId}
                onInput={change('close')}
              />
              <button type="button" onClick={() => put(list.filter((_, i) => i !== at))}>
                Remove
                <span class="sr-only">
                  {' '}
                  {name}'s hours {interval.open}–{interval.close}
                </span>
              </button>
            </div>
            {errorId && (
              <p class="error" id={errorId}>
                {errors.join('; ')}
              </p>
            )}
          </div>
        );
      })}
      <p class="row">
        <button type="button" onClick={() => put([...list, { open: list.at(-1)?.close ?? '09:00', close: '17:00' }])}>
          Add hours<span class="sr-only"> on {name}</span>
        </button>
        {props.children}
      </p>
    </>
  );
}

/** A weekday's fixed start times. */
function DayDepartures(props: DayProps) {
  const { day, draft } = props;
  const name = DAY_NAMES[day];
  const list = draft.departures[day];
  const put = (next: string[]) => props.set({ ...draft, departures: { ...draft.departures, [day]: next } });
  return (
    <>
      {list.map((time, at) => {
        const errors = props.errors[`schedule.departures.${day}[${at}]`] ?? [];
        const errorId = errors.length ? `${props.idBase}-${day}-${at}-error` : undefined;
        return (
          <div key={at}>
            <div class="row">
              <TimeInput
                id={`${props.idBase}-${day}-${at}-start`}
                label="Starts at"
                hidden={`on ${name}, start ${at + 1}`}
                value={time}
                error={errorId}
                onInput={(value) => put(list.map((x, i) => (i === at ? value : x)))}
              />
              <button type="button" onClick={() => put(list.filter((_, i) => i !== at))}>
                Remove
                <span class="sr-only">
                  {' '}
                  {name}'s start at {time}
                </span>
              </button>
            </div>
            {errorId && (
              <p class="error" id={errorId}>
                {errors.join('; ')}
              </p>
            )}
          </div>
        );
      })}
      <p class="row">
        <button type="button" onClick={() => put([...list, ''])}>
          Add a start time<span class="sr-only"> on {name}</span>
        </button>
        {props.children}
      </p>
    </>
  );
}

/** Every weekday of the draft, in the way it opens (hours or start times). */
export function ScheduleWeek(props: {
  idBase: string;
  draft: ScheduleDraft;
  errors: Record<string, string[]>;
  set: (draft: ScheduleDraft) => void;
}) {
  const { draft } = props;
  return (
    <div class="week">
      {WEEKDAYS.map((day) => {
        const empty = draft.mode === 'hours' ? !draft.hours[day].length : !draft.departures[day].length;
        const dayErrors = props.errors[`schedule.${draft.mode}.${day}`];
        return (
          <fieldset key={day} class="weekday">
            <legend>{DAY_NAMES[day]}</legend>
            {empty && <p class="hint">Closed</p>}
            {dayErrors && <p class="error">{dayErrors.join('; ')}</p>}
            {(() => {
              const copy = (
                <button type="button" onClick={() => props.set(copyToAllWeekdays(draft, day))}>
                  Copy {DAY_NAMES[day]} to all weekdays
                </button>
              );
              return draft.mode === 'hours' ? (
                <DayHours {...props} day={day}>
                  {copy}
                </DayHours>
              ) : (
                <DayDepartures {...props} day={day}>
                  {copy}
                </DayDepartures>
              );
            })()}
          </fieldset>
        );
      })}
    </div>
  );
}
