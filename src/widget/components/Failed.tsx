/**
 * A failure the shopper can retry: the calendar could not load, or a rendering error.
 * @module
 */
import type { View } from '../models/view-model.ts';

/** A failure the shopper can retry. */
export function Failed({ vm, retry }: { vm: View; retry: () => void }) {
  const t = vm.t.value;
  return (
    <p part="error" role="alert">
      {t('loadError')}{' '}
      <button type="button" part="retry-button" onClick={retry}>
        {t('retry')}
      </button>
    </p>
  );
}
