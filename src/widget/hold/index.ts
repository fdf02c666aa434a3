/**
 * The hold's code, a file of its own: loaded when the shopper first picks a day (or ahead of
 * time once the browser is idle, or at once when the cart already holds something), so the
 * calendar is interactive before these bytes have arrived.
 * @module
 */
import type { ReadonlySignal } from '@preact/signals';
import type { Formats } from '../format.ts';
import type { Translate } from '../i18n.ts';
import type { Booking } from '../models/booking-model.ts';
import type { ModelDeps } from '../models/booking-types.ts';
import { type Hold, HoldModel } from './hold-model.ts';
import { HoldPanel, HoldProblem } from './HoldPanel.tsx';
import { Summary, isHeld } from './choice.tsx';
import type { QuestionsFile } from './questions-loader.ts';

/** The hold's model for one widget, and the components that show it. */
export interface HoldFeature {
  model: Hold;
  HoldPanel: typeof HoldPanel;
  HoldProblem: typeof HoldProblem;
  /** The choice's length and total, under the controls. */
  Summary: typeof Summary;
  /** Whether the choice is what the cart holds (Reserve then gives way to the hold's actions). */
  isHeld: typeof isHeld;
}

/** Builds the hold's model over the widget's business model. */
export function createHoldFeature(
  deps: ModelDeps,
  booking: Booking,
  t: ReadonlySignal<Translate>,
  formats: ReadonlySignal<Formats>,
  locale: ReadonlySignal<string>,
  loadQuestions: QuestionsFile,
): HoldFeature {
  return {
    model: new HoldModel(deps, booking, t, formats, locale, loadQuestions),
    HoldPanel,
    HoldProblem,
    Summary,
    isHeld,
  };
}
