/**
 * Small shared pieces: a labelled field tied to its error messages, a polite status line, and
 * a copy button with a fallback that selects the text.
 * @module
 */
import type { ComponentChildren } from 'preact';
import { useId, useRef, useState } from 'preact/hooks';

/** A label, its control (given the ids it needs), a hint and the field's errors. */
export function Field(props: { label: string; hint?: string; errors?: string[] | undefined; children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ComponentChildren }) {
  const id = useId();
  const errors = props.errors ?? [];
  const describedBy = [props.hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label for={id}>{props.label}</label>
      {props.children({ id, describedBy, invalid: errors.length > 0 })}
      {props.hint && <p class="hint" id={`${id}-hint`}>{props.hint}</p>}
      {errors.length > 0 && <p class="error" id={`${id}-error`}>{errors.join('; ')}</p>}
    </div>
  );
}

/** A line screen readers announce politely; `error` makes it an alert. */
export function Status(props: { message: string | null; error?: boolean }) {
  return (
    <p class={props.error ? 'status error' : 'status'} role={props.error ? 'alert' : 'status'}>
      {props.message ?? ''}
    </p>
  );
}

/** Copies `text`; where the clipboard is refused, selects it for Ctrl-C instead. */
export function CopyButton(props: { text: string; label: string; target?: { current: HTMLElement | null } }) {
  const [done, setDone] = useState<string | null>(null);
  const fallback = useRef<HTMLTextAreaElement>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.text);
      setDone('Copied.');
    } catch {
      const area = fallback.current;
      if (area) {
        area.hidden = false;
        area.select();
      }
      setDone('Selected: press Ctrl-C (⌘-C) to copy.');
    }
  };
  return (
    <span>
      <button type="button" onClick={copy}>{props.label}</button>{' '}
      <span role="status">{done ?? ''}</span>
      <textarea ref={fallback} hidden readOnly aria-label={`${props.label}: the text`} value={props.text} />
    </span>
  );
}
