/**
 * A widget's view model without its element, for component tests: the entry's real
 * connection into the in-process service (no socket), a fixed cart token, and the events the
 * models emit collected in a list. Components are then rendered on their own with
 * @testing-library/preact.
 */
import { signal } from '@preact/signals';
import { storefrontJson } from '../../src/widget/api/cart.ts';
import { createConnection } from '../../src/widget/api/connection.ts';
import { toFailure } from '../../src/widget/api/failure.ts';
import { firstWaveMonths, monthRequests } from '../../src/widget/boot/first-wave.ts';
import type { WidgetConfig } from '../../src/widget/boot/host.ts';
import { plainDateOfInstant } from '../../src/shared/plain-date.ts';
import { resolveSettings } from '../../src/shared/settings.ts';
import { type View, ViewModel } from '../../src/widget/models/view-model.ts';
import type { WidgetHarness } from './render-widget.ts';

/** A view model over `harness`'s service, the events it emitted, and a way to dispose it. */
export function createTestView(
  harness: WidgetHarness,
  config: Partial<WidgetConfig> & { product: string; variant: string },
) {
  const controller = new AbortController();
  const now = () => harness.service.clock.now();
  const events: { type: string; detail: unknown }[] = [];
  const full: WidgetConfig = {
    api: harness.service.baseUrl,
    token: 'pk_test_harbour',
    locale: null,
    cartToken: 'cart-view',
    price: null,
    currency: null,
    checkoutUrl: null,
    ...config,
  };
  const connection = createConnection({
    api: full.api,
    token: full.token,
    fetch: harness.fetch,
    signal: controller.signal,
    now,
  });
  const vm: View = new ViewModel({
    config: signal(full),
    connection,
    cartToken: full.cartToken!,
    guess: plainDateOfInstant(now()),
    fetch: harness.fetch,
    now,
    signal: controller.signal,
    emit: (type, detail) => events.push({ type, detail }),
    toFailure,
    storefrontJson,
    firstWaveMonths,
    monthRequests,
    resolveSettings,
  });
  return {
    vm,
    events,
    dispose() {
      controller.abort();
      vm[Symbol.dispose]();
    },
  };
}
