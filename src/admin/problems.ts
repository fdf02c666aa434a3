/**
 * A failed call in the merchant's words. The client's errors are written for developers
 * ("PUT http://…/v1/widgets/1 answered 422 Unprocessable Entity: settings.min_days must not be
 * more than max_days."): here the method, address and status go, a 422 becomes "Not saved: fix
 * the fields marked below.", and its field messages name the form's labels, not the API's keys.
 * The service's rules for text ("must not be empty", "must be at most 255 characters") become
 * what to do ("enter a title", "too long: at most 255 characters"); API callers keep the
 * service's own sentence in the answer's `details`.
 * @module
 */
import { isBookingApiError } from '../client/index.ts';

/** What a form shows of a failure: one sentence for its alert, and messages by API field path. */
export interface Problem {
  message: string;
  fields: Record<string, string[]>;
}

/** The server's own sentence, without the client's "PUT http://… answered 422 …:" prefix. */
function serverSentence(message: string): string {
  return message.replace(/^[A-Z]+ \S+ answered \d+[^:]*: /, '');
}

/** A sentence for the merchant from any failure of a call (never an address or a status code). */
export function messageOf(error: unknown): string {
  if (!isBookingApiError(error)) return error instanceof Error ? error.message : String(error);
  if (error.status === 0) return 'The booking service could not be reached: check your connection and try again.';
  if (error.status === 401) return 'Your session has ended: sign in again.';
  if (error.status === 403) return 'This sign-in may not do that.';
  if (error.status === 429 || error.status === 503) return 'The booking service is busy: try again in a moment.';
  if (error.status >= 500)
    return 'The booking service failed to do that: try again, and if it keeps failing, tell its administrator.';
  return serverSentence(error.message);
}

/**
 * `text` with each API name (`max_days`, `settings.max_days`) replaced by its field's label.
 * Only snake_case names: a plain word such as "title" is English already ("already the title
 * of another widget").
 */
function rephrase(text: string, labels: Record<string, string>): string {
  let out = text;
  for (const [path, label] of Object.entries(labels)) {
    const name = path.split('.').at(-1)!;
    if (!name.includes('_')) continue;
    out = out.replace(new RegExp(`\\b(${path.replace(/[.[\]]/g, '\\$&')}|${name})\\b`, 'g'), `“${label}”`);
  }
  return out;
}

/** What a label names, for a sentence: "Title (only you see it)" and "Title of Kayak" → "title". */
function nameOf(label: string): string {
  const core = label
    .replace(/\s*\(.*\)$/, '')
    .replace(/ of .*$/, '')
    .trim();
  return core.charAt(0).toLowerCase() + core.slice(1);
}

/**
 * The service's rule for a text field as what the merchant does about it: "must not be empty"
 * → "enter a title", "must be at most 255 characters" → "too long: at most 255 characters".
 * Any other message is returned as it came (`rephrase` then names the fields in it).
 */
export function inTheirWords(message: string, label: string): string {
  const name = nameOf(label);
  if (message === 'is required' || message === 'must not be empty')
    return `enter ${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
  const longest = /^must be at most (\d+) characters$/.exec(message)?.[1];
  if (longest) return `too long: at most ${longest} characters`;
  if (message === 'must not contain line breaks or other control characters')
    return 'remove the line breaks (and any other hidden characters)';
  // Blackouts' title and reason: the one sentence for any of the three rules.
  const either = /^must be 1 to (\d+) characters without control characters/.exec(message)?.[1];
  if (either) return `use at most ${either} characters, with no line breaks or other hidden characters`;
  if (message === 'must be a string') return `enter ${name} as text`;
  return message;
}

/** The label of an API field path: its own, else its last name's (`questions[0].label` → "Question"). */
function labelOf(path: string, labels: Record<string, string>): string {
  const last = path
    .split('.')
    .at(-1)!
    .replace(/\[\d+\]$/, '');
  return labels[path] ?? labels[last] ?? last.replace(/_/g, ' ');
}

/**
 * A failure for a form whose fields are `labels` (API field path → the label shown). A 422's
 * field messages are rephrased with the labels and kept by path, to be shown beside their
 * fields; the alert says "`verb`: fix the fields marked below." when every bad field is on the
 * form, and otherwise names the others itself. Any other failure is `messageOf`'s sentence.
 */
export function problemOf(error: unknown, labels: Record<string, string>, verb = 'Not saved'): Problem {
  const raw = isBookingApiError(error) ? (error.details?.fields as Record<string, string[]> | undefined) : undefined;
  if (!raw || Object.keys(raw).length === 0) return { message: `${verb}: ${messageOf(error)}`, fields: {} };
  const fields = Object.fromEntries(
    Object.entries(raw).map(([path, list]) => [
      path,
      list.map((m) => rephrase(inTheirWords(m, labelOf(path, labels)), labels)),
    ]),
  );
  const elsewhere = Object.keys(fields).filter(
    (path) => !(path in labels) && !Object.keys(labels).some((l) => path.startsWith(`${l}[`)),
  );
  const message = elsewhere.length
    ? `${verb}: ${elsewhere.map((path) => `${path.replace(/[._]/g, ' ')}: ${fields[path]!.join('; ')}`).join('. ')}.`
    : `${verb}: fix the fields marked below.`;
  return { message, fields };
}
