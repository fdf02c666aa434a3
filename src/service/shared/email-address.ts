/**
 * The one rule for an email address, wherever one enters (issue 38 point 5): the API's bodies
 * (`shared/schemas.ts` `emailAddress`: customers, guests, the shop's `notify_email`), staff
 * accounts and invitations (`staff/schemas.ts`), Shopify's orders, and the sender, which checks
 * every outbox row's recipient right before the mail library sees it (`messages/recipient.ts`).
 *
 * An address is one mailbox, `local@domain`, with nothing a mail library reads as syntax: no
 * list separator (`,` `;`), no display name or angle brackets, no group (`:`), no comment,
 * quotes or brackets, no space. Each of those would let one string reach another recipient
 * than the one shown, or several (nodemailer sends `a@x,admin` to `a@x` and to `admin`, which a
 * mail server may complete with its own domain). Otherwise deliberately loose: mail servers
 * decide the rest (no dot required, any script).
 * @module
 */
import addressparser from 'nodemailer/lib/addressparser';

/** The longest address SMTP carries (RFC 5321's path, less its brackets). */
export const MAX_EMAIL_LENGTH = 254;

/** The refusal of something that is not an email address. */
export const NOT_AN_ADDRESS = 'must be an email address';
/** The refusal of several addresses in one field. */
export const NOT_ONE_ADDRESS = 'must be one email address, not a list';

// One @, something on each side, none of the characters address syntax gives a meaning to, no
// space or control character.
const MAILBOX = /^[^\s@,;:<>()[\]"\\\p{Cc}\p{Cf}]+@[^\s@,;:<>()[\]"\\\p{Cc}\p{Cf}]+$/u;

/** Whether `value` reads as more than one address: separated parts, or two with an @. */
function isList(value: string): boolean {
  const parts = value.split(/[\s,;]+/).filter((part) => part !== '');
  return parts.length > 1 && (/[,;]/.test(value) || parts.filter((part) => part.includes('@')).length > 1);
}

/**
 * Why `value` is not exactly one email address (`NOT_ONE_ADDRESS` for a list, else
 * `NOT_AN_ADDRESS`), or undefined when it is. Callers trim first where the field allows it.
 */
export function emailAddressProblem(value: string): string | undefined {
  if (isList(value)) return NOT_ONE_ADDRESS;
  if (value.length > MAX_EMAIL_LENGTH || !MAILBOX.test(value)) return NOT_AN_ADDRESS;
  // Belt and braces: the mail library itself must read exactly this one mailbox.
  const parsed = addressparser(value);
  if (parsed.length !== 1 || parsed[0]!.address !== value || parsed[0]!.name !== '') return NOT_AN_ADDRESS;
  return undefined;
}

/** Whether `value` is exactly one email address. */
export function isOneEmailAddress(value: string): boolean {
  return emailAddressProblem(value) === undefined;
}
