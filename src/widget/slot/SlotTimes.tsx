/**
 * The chosen day's times as a radio group by the WAI-ARIA APG pattern: one time in the tab
 * order (the chosen one, else the first that can be chosen: roving tabindex); the arrow keys
 * move to the next or previous time that can be chosen, wrapping, and choose it (left and
 * right follow the reading direction); Space chooses the focused one. Each time is a 44 px
 * target showing its span on the shop's clock, what it has left ("6 left") or why it cannot
 * be chosen ("fully booked", "only 2 left", "unavailable: closed", `aria-disabled`), and, when
 * the shopper's zone is not the shop's, their own time. The heading names the day and the
 * shop's zone in words. More than 8 times are grouped into morning, afternoon and evening.
 * When the widget allows runs of slots and the variant has them, a labelled Length choice
 * ("1 hour", "2 hours": a native select, keyboard and screen readers as the platform has them)
 * comes first, and each time is then the run of that length from it (its whole span), or says
 * why it cannot start one ("unavailable for 3 hours").
 * @module
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { AvailableSlot } from '../../shared/records.ts';
import type { SlotChoice, Slots } from './slot-model.ts';
import { type TimeFormats, partOfDay, slotLines, timeFormats } from './slot-format.ts';
import { useSlotStyles } from './slot-styles.ts';
import { type SlotWords, slotWords } from './strings.ts';
import { minutesText } from '../hold/times.ts';
import type { SlotView } from './slot-view.ts';

/** More times than this are grouped by the part of the day. */
const GROUP_ABOVE = 8;

/** The time `step` places from `from` among those that can be chosen, wrapping; `from` itself when none other can. */
export function nextChoice(choices: SlotChoice[], from: number, step: 1 | -1): number {
  const n = choices.length;
  for (let k = 1; k <= n; k++) {
    const i = (((from + step * k) % n) + n) % n;
    if (!choices[i]!.reason) return i;
  }
  return from;
}

/** The times of the chosen day; nothing before a day is chosen. */
export function SlotTimes({ vm, slots }: { vm: SlotView; slots: Slots }) {
  const box = useSlotStyles<HTMLDivElement>();
  const keyed = useRef(false);
  const day = vm.selection.start.value;
  const choices = slots.choices.value;
  const chosen = vm.selection.time.value;
  const t = vm.t.value,
    f = vm.formats.value,
    locale = vm.locale.value;
  const tz = vm.booking.widget.value?.tz ?? 'UTC';
  // The words and formatters of this language and zone, made once (Intl objects are costly);
  // a ref, not useMemo, so the calendar's Preact file needs to export no other hook.
  const made = useRef<{ key: string; w: SlotWords; tf: TimeFormats }>(undefined);
  const key = `${locale} ${tz}`;
  if (made.current?.key !== key) made.current = { key, w: slotWords(locale), tf: timeFormats(locale, tz) };
  const { w, tf } = made.current;
  const longest = slots.longest.value,
    runLength = slots.length.value,
    minutes = slots.minutes.value;
  // After an arrow key the newly chosen time takes the focus.
  useLayoutEffect(() => {
    if (!keyed.current) return;
    keyed.current = false;
    box.current?.querySelector<HTMLElement>('[role=radio][tabindex="0"]')?.focus();
  });
  if (!day) return <div part="slots" ref={box} />;
  const heading = (
    <p part="slots-heading" id="slots-heading">
      {w('times', f.day(day))}
    </p>
  );
  if (!choices)
    return (
      <div part="slots" ref={box}>
        {heading}
        {slots.failed.value ? (
          <p part="error" role="alert">
            {w('error')}{' '}
            <button type="button" part="retry-button" onClick={slots.retry}>
              {t('retry')}
            </button>
          </p>
        ) : (
          <p aria-busy="true">{t('loading')}</p>
        )}
      </div>
    );
  if (!choices.length)
    return (
      <div part="slots" ref={box}>
        {heading}
        <p>{w('none')}</p>
      </div>
    );
  const current = chosen ? choices.findIndex((c) => c.slot.starts_at === chosen.starts_at) : -1;
  const tabStop = current >= 0 ? current : choices.findIndex((c) => !c.reason);
  const choose = (slot: AvailableSlot) => slots.choose(slot);
  const onKeyDown = (e: KeyboardEvent, i: number) => {
    const back = vm.rtl.value ? 'ArrowRight' : 'ArrowLeft';
    const forth = vm.rtl.value ? 'ArrowLeft' : 'ArrowRight';
    const step = e.key === 'ArrowDown' || e.key === forth ? 1 : e.key === 'ArrowUp' || e.key === back ? -1 : 0;
    if (e.key === ' ') {
      e.preventDefault();
      choose(choices[i]!.slot);
    } else if (step) {
      e.preventDefault();
      keyed.current = true;
      choose(choices[nextChoice(choices, i, step)]!.slot);
    }
  };
  const radio = (c: SlotChoice, i: number) => {
    const [span, note, yours] = slotLines(c.slot, c.reason, tf, t, f, w, minutesText(runLength * minutes, locale));
    const on = i === current;
    return (
      <button
        type="button"
        role="radio"
        key={c.slot.starts_at}
        part={`slot${on ? ' slot-chosen' : ''}${c.reason ? ' slot-unavailable' : ''}`}
        aria-checked={on ? 'true' : 'false'}
        aria-disabled={c.reason ? 'true' : undefined}
        aria-label={[span, note, yours].filter(Boolean).join(t('sep'))}
        data-reason={c.reason}
        tabIndex={i === tabStop ? 0 : -1}
        onClick={() => choose(c.slot)}
        onKeyDown={(e) => onKeyDown(e, i)}
      >
        <b>{span}</b>
        <small>{note}</small>
        {yours && <small>{yours}</small>}
      </button>
    );
  };
  const indexed = choices.map((c, i) => [c, i] as const);
  const parts = choices.length > GROUP_ABOVE ? (['morning', 'afternoon', 'evening'] as const) : undefined;
  return (
    <div part="slots" ref={box}>
      {heading}
      <p part="slots-zone">{w('zone', tf.zone)}</p>
      {longest > 1 && (
        <p part="slot-length">
          <label for="slot-length">{w('length')}</label>
          <select
            id="slot-length"
            part="slot-length-select"
            value={String(runLength)}
            onChange={(e) => slots.setLength(Number(e.currentTarget.value))}
          >
            {Array.from({ length: longest }, (_, i) => (
              <option key={i} value={String(i + 1)}>
                {minutesText((i + 1) * minutes, locale)}
              </option>
            ))}
          </select>
        </p>
      )}
      <div role="radiogroup" aria-labelledby="slots-heading">
        {parts ? (
          parts.map((p) => {
            const group = indexed.filter(([c]) => partOfDay(c.slot) === p);
            return (
              group.length > 0 && (
                <div key={p} role="group" aria-labelledby={`slots-${p}`}>
                  <p part="slots-heading" id={`slots-${p}`}>
                    {w(p)}
                  </p>
                  <div part="slot-group">{group.map(([c, i]) => radio(c, i))}</div>
                </div>
              )
            );
          })
        ) : (
          <div part="slot-group">{choices.map(radio)}</div>
        )}
      </div>
      <p part="slots-hint">{current < 0 && w('pickTime')}</p>
    </div>
  );
}
