/**
 * What an outbox row says: the booking, its shop and items as they were when the transaction
 * that wrote the row committed (migration 26's `announce_booking` builds it in SQL). Messages
 * are rendered from it, so a message sent later, or shown in the admin, says what was true
 * then, whatever has changed since.
 * @module
 */

/** The messages the outbox holds. */
export type MessageKind =
  | 'customer_confirmation'
  | 'customer_change'
  | 'customer_cancellation'
  | 'customer_reminder'
  | 'merchant_new'
  | 'merchant_cancellation';

/** Every kind, in the order the API documents them. */
export const MESSAGE_KINDS: readonly MessageKind[] = [
  'customer_confirmation',
  'customer_change',
  'customer_cancellation',
  'customer_reminder',
  'merchant_new',
  'merchant_cancellation',
];

/** A booked item as the message names it. */
export interface SnapshotItem {
  quantity: number;
  variant: string;
  product: string;
  location: string | null;
}

/** The row's `snapshot` column. */
export interface BookingSnapshot {
  booking: {
    id: number;
    status: string;
    starts_at: string;
    finishes_at: string;
    start_day: string;
    finish_day: string;
    customers: Array<{ first_name?: string; last_name?: string; email?: string }>;
    fields: Array<{ name: string; value: string }>;
    /** A customer's cancellation of a Shopify order's booking: the order to refund ('' unnamed; migration 27). */
    refund_order?: string;
  };
  /** The times before a change (customer_change only). */
  previous: { starts_at: string; finishes_at: string } | null;
  shop: { name: string; tz: string; locale: string };
  /** The calendar event's SEQUENCE: 0 for the first notice, one more for each later one. */
  sequence: number;
  items: SnapshotItem[];
  /** The merchant's subject and intro for this kind and language ('' = the default); migration 30. */
  template?: MessageTemplateText | null;
}

/** A merchant's override of a message's subject and intro paragraph (plain text with placeholders). */
export interface MessageTemplateText {
  subject: string;
  intro: string;
}

/** A message to render: its kind, snapshot and the key its Message-ID and calendar UID are made of. */
export interface OutboxMessage {
  id: number;
  shopId: number;
  kind: MessageKind;
  recipient: string;
  snapshot: BookingSnapshot;
  messageKey: string;
}
