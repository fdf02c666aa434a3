/**
 * Keeps a rendering bug inside the widget: the tree below is replaced by a message with Retry
 * (which builds the models afresh and renders again), and the theme is told through
 * `booking-widget:error`, in the shopper's words.
 * @module
 */
import { Component, type ComponentChildren } from 'preact';
import type { Emit } from '../events.ts';
import type { View } from '../models/view-model.ts';
import { Failed } from './Failed.tsx';

interface Props {
  vm: View;
  emit: Emit;
  retry: () => void;
  children: ComponentChildren;
}

/** Preact's error boundary around the whole widget. */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  override componentDidCatch(error: unknown): void {
    // `message` is for shoppers (a theme may show it as it is); the bug's own words are `detail`.
    this.props.emit('booking-widget:error', {
      error: 'internal',
      message: this.props.vm.t.peek()('errLoad'),
      detail: String((error as Error)?.message ?? error),
    });
    this.setState({ failed: true });
  }

  override render() {
    return this.state.failed ? <Failed vm={this.props.vm} retry={this.props.retry} /> : this.props.children;
  }
}
