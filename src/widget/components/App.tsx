/** @jsxRuntime classic */
/** @jsx h */
/**
 * The widget's root: a failure with its Retry (never an all-unavailable calendar), or the
 * calendar and its controls and the hold; and the polite live region for the hold's status.
 * The calendar is there from the first frame, at its final size (six weeks, the controls
 * below), busy until its data is in: the page around the widget never shifts.
 * Components are plain functions of the view model: the element renders them from a signals
 * effect, so every `.value` they read is tracked.
 * @module
 */
import { h } from '../dom.ts';
import type { View } from '../models/view-model.ts';
import { Calendar } from './Calendar.tsx';
import { Controls } from './Controls.tsx';
import { HoldPanel } from './HoldPanel.tsx';

/** One widget. */
export function App({ vm }: { vm: View }) {
  const { failures } = vm.booking;
  return (
    <div part="widget" dir={vm.rtl.value ? 'rtl' : 'ltr'} lang={vm.locale.value}>
      {failures.value.length ? (
        <Failed vm={vm} retry={vm.retry} />
      ) : (
        [<Calendar vm={vm} />, <Controls vm={vm} />, <HoldPanel vm={vm} />]
      )}
      <p class="sr" aria-live="polite">{vm.clock.announcement.value}</p>
    </div>
  );
}

/** A failure the shopper can retry. */
export function Failed({ vm, retry }: { vm: View; retry: () => void }) {
  const t = vm.t.value;
  return (
    <p part="error" role="alert">
      {t('loadError')}{' '}
      <button type="button" part="retry-button" onClick={retry}>{t('retry')}</button>
    </p>
  );
}
