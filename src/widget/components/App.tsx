/**
 * The widget's root: a failure with its Retry (never an all-unavailable calendar), or the
 * calendar (a slot widget's times under it) and its controls and the hold; and the polite live region for the hold's status.
 * The calendar is there from the first frame (the month's weeks in a box with room for six,
 * the controls below), busy until its data is in: the page around the widget never shifts. Each component
 * re-renders when a signal it read changes (@preact/signals), and only then.
 * @module
 */
import { useLayoutEffect } from 'preact/hooks';
import type { Emit } from '../events.ts';
import type { View } from '../models/view-model.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';
import { Calendar } from './Calendar.tsx';
import { Controls } from './Controls.tsx';
import { Failed } from './Failed.tsx';

/**
 * One widget; `onRendered` is called once its first frame with content is in the DOM. A
 * rendering error below the root is caught there (see ErrorBoundary), so the widget keeps its
 * language, direction and live region.
 */
export function App(props: { vm: View; emit: Emit; retry: () => void; attempt: number; onRendered?: () => void }) {
  const { vm, emit, retry, attempt, onRendered } = props;
  const ready = vm.strings.ready.value;
  useLayoutEffect(() => {
    if (ready) onRendered?.();
  }, [ready]);
  if (!ready) return null;
  return (
    <div part="widget" dir={vm.rtl.value ? 'rtl' : 'ltr'} lang={vm.locale.value}>
      {/* A retry renders afresh: a new boundary, no longer failed. */}
      <ErrorBoundary key={attempt} vm={vm} emit={emit} retry={retry}>
        <Body vm={vm} />
      </ErrorBoundary>
      <Announcement vm={vm} />
    </div>
  );
}

/** The calendar, controls and hold; or the failure that stopped them. */
function Body({ vm }: { vm: View }) {
  if (vm.booking.failures.value.length) return <Failed vm={vm} retry={vm.retry} />;
  const hold = vm.hold.value;
  return (
    <>
      <Calendar vm={vm} />
      {hold && <hold.Times vm={vm} />}
      <Controls vm={vm} />
      {hold && <hold.HoldPanel vm={vm} hold={hold.model} />}
    </>
  );
}

/** The polite live region: the hold's status, set at thresholds, never each second. */
function Announcement({ vm }: { vm: View }) {
  return (
    <p class="sr" aria-live="polite">
      {vm.hold.value?.model.announcement.value ?? ''}
    </p>
  );
}
