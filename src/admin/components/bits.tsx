/**
 * Small shared pieces: a labelled field tied to its error messages, a polite status line, a
 * button that asks before a destructive action (keeping the keyboard's focus where the eye is),
 * and a copy button with a fallback that selects the text.
 * @module
 */
import type { ComponentChildren } from 'preact';
import { useSignal, type Signal } from '@preact/signals';
import { useEffect, useId, useRef, useState } from 'preact/hooks';

/** Says a result in the screen's status line (`error`: in its alert); null empties both. */
export type Say = (message: string | null, error?: boolean) => void;

/**
 * A screen's status line and alert. Saying one empties the other, so an error never stands
 * under an older success; an action calls `say(null)` as it starts.
 */
export function useStatus(): { message: Signal<string | null>; problem: Signal<string | null>; say: Say } {
  const message = useSignal<string | null>(null);
  const problem = useSignal<string | null>(null);
  const say: Say = (text, error = false) => {
    message.value = error ? null : text;
    problem.value = error ? text : null;
  };
  return { message, problem, say };
}

/** A label, its control (given the ids it needs), a hint and the field's errors. */
export function Field(props: {
  label: string;
  hint?: string;
  errors?: string[] | undefined;
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ComponentChildren;
}) {
  const id = useId();
  const errors = props.errors ?? [];
  const describedBy =
    [props.hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label for={id}>{props.label}</label>
      {props.children({ id, describedBy, invalid: errors.length > 0 })}
      {props.hint && (
        <p class="hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      )}
      {errors.length > 0 && (
        <p class="error" id={`${id}-error`}>
          {errors.join('; ')}
        </p>
      )}
    </div>
  );
}

/** The field error of a number field left empty or not a whole number. */
export const ENTER_A_NUMBER = 'enter a whole number';

/**
 * The whole number typed in a number field, or undefined when it is empty or not a whole
 * number: `Number('')` is 0, and a cleared capacity must never be saved as "closed".
 */
export function wholeNumberOf(text: string): number | undefined {
  const trimmed = text.trim();
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : undefined;
}

/**
 * Reads the number fields `keys` of `values`: the numbers, and an error (`ENTER_A_NUMBER`) for
 * each field that is empty or not whole, keyed by `prefix` + key as the API names its fields.
 */
export function readNumbers<K extends string>(
  values: Record<string, string>,
  keys: readonly K[],
  prefix = '',
): { numbers: Record<K, number>; errors: Record<string, string[]> } {
  const numbers = {} as Record<K, number>;
  const errors: Record<string, string[]> = {};
  for (const key of keys) {
    const n = wholeNumberOf(values[key] ?? '');
    if (n === undefined) errors[`${prefix}${key}`] = [ENTER_A_NUMBER];
    else numbers[key] = n;
  }
  return { numbers, errors };
}

/** A line screen readers announce politely; `error` makes it an alert. */
export function Status(props: { message: string | null; error?: boolean }) {
  return (
    <p class={props.error ? 'status error' : 'status'} role={props.error ? 'alert' : 'status'} tabIndex={-1}>
      {props.message ?? ''}
    </p>
  );
}

/**
 * After an action that removed the control it was started from (a revoked token's row, a
 * cancelled booking's button), moves the focus to the screen's message, the error first, so a
 * keyboard user is not left on the page's body. Runs after the render that fills it.
 */
export function focusMessage(): void {
  setTimeout(() => {
    const messages = [...document.querySelectorAll<HTMLElement>('main .status')].filter((m) => m.textContent?.trim());
    (messages.find((m) => m.classList.contains('error')) ?? messages[0])?.focus();
  }, 0);
}

/**
 * A destructive button that asks first: "Yes, …" takes the focus when asked, "Keep it" gives it
 * back to the button, and confirming hands it to the screen's message (`focusMessage`).
 */
export function ConfirmButton(props: {
  label: string;
  question?: string;
  confirmLabel: string;
  onConfirm: () => Promise<unknown> | void;
}) {
  const [asking, setAsking] = useState(false);
  const moved = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (moved.current) (asking ? yes : trigger).current?.focus();
  }, [asking]);
  const ask = (value: boolean) => {
    moved.current = true;
    setAsking(value);
  };
  const confirm = async () => {
    moved.current = false;
    setAsking(false);
    await props.onConfirm();
    focusMessage();
  };
  if (!asking) {
    return (
      <button ref={trigger} type="button" class="danger" onClick={() => ask(true)}>
        {props.label}
      </button>
    );
  }
  return (
    <span class="row">
      {props.question && <span>{props.question}</span>}
      <button ref={yes} type="button" class="danger" onClick={() => void confirm()}>
        {props.confirmLabel}
      </button>
      <button type="button" onClick={() => ask(false)}>
        Keep it
      </button>
    </span>
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
      <button type="button" onClick={copy}>
        {props.label}
      </button>{' '}
      <span role="status">{done ?? ''}</span>
      <textarea ref={fallback} hidden readOnly aria-label={`${props.label}: the text`} value={props.text} />
    </span>
  );
}
