/**
 * The sender's last line of defence (issue 38 point 5): an outbox row's recipient was copied by
 * the database's triggers from the booking's first customer, the shop's notify address or a
 * member of staff's, whatever wrote those (a Shopify order's email, an address stored before
 * the API refused lists, a script). Right before the mail library sees a row, its recipient is
 * checked with the service's one rule (shared/email-address.ts); a row that is not one address
 * is held, and the reason says whose address it is in the merchant's words.
 * @module
 */
import { SHOPIFY_ORDER_FIELD } from '../../shared/records.ts';
import { isOneEmailAddress } from '../shared/email-address.ts';
import type { OutboxMessage } from './types.ts';

/** What every held message's reason starts with (as `not sent: no mail server`). */
const NOT_SENT = 'not sent: ';

/** Whose address `message` goes to, in the merchant's words. */
function whoseAddress(message: OutboxMessage): string {
  if (!message.kind.startsWith('customer_')) return "the shop's address";
  const order = message.snapshot.booking.fields?.find((field) => field.name === SHOPIFY_ORDER_FIELD)?.value;
  return order ? `order ${order}'s email address` : "the customer's email address";
}

/**
 * Why `message` must be held rather than sent (`not sent: order #1001's email address 'a@x,
 * evil@example.com' is not one email address`), or undefined when its recipient is one address.
 */
export function heldReason(message: OutboxMessage): string | undefined {
  if (isOneEmailAddress(message.recipient)) return undefined;
  return `${NOT_SENT}${whoseAddress(message)} '${message.recipient}' is not one email address`;
}

/** A held message's reason as a sentence's clause: without its `not sent: `. */
export function heldClause(reason: string | null): string {
  return reason?.startsWith(NOT_SENT)
    ? reason.slice(NOT_SENT.length)
    : (reason ?? 'its address is not one email address');
}
