/**
 * A failed call in the merchant's words. The client's errors are written for developers
 * ("PUT http://…/v1/widgets/1 answered 422 Unprocessable Entity: settings.min_days must not be
 * more than max_days."): here the method, address and status go, a 422 becomes "Not saved: fix
 * the fields marked below.", and its field messages name the form's labels, not the API's keys.
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
    Object.entries(raw).map(([path, list]) => [path, list.map((m) => rephrase(m, labels))]),
  );
  const elsewhere = Object.keys(fields).filter(
    (path) => !(path in labels) && !Object.keys(labels).some((l) => path.startsWith(`${l}[`)),
  );
  const message = elsewhere.length
    ? `${verb}: ${elsewhere.map((path) => `${path.replace(/[._]/g, ' ')} ${fields[path]!.join('; ')}`).join('. ')}.`
    : `${verb}: fix the fields marked below.`;
  return { message, fields };
}
