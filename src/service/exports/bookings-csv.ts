/**
 * The bookings export (API.md §4.14): a CSV file streamed a page of bookings at a time (a
 * ReadableStream pulled by the socket, so a slow download reads the database no faster than it
 * is sent, and a big shop's file is never held whole). Each page is one statement after a
 * keyset cursor and no transaction spans the pages (PGlite has one connection): a booking
 * made or changed during a long export may or may not be in it, but none is written twice.
 * One line per booking item (a booking of two variants is two lines with its id); times are
 * the shop's wall clock, its zone named in the header; one column per question of the
 * exported products, the answers of a per-unit question joined with "; ".
 * @module
 */
import { addDays, type PlainDate } from '../../shared/plain-date.ts';
import { type BookingField, type BookingStatus, SHOPIFY_ORDER_FIELD } from '../../shared/records.ts';
import { localDateTime, startOfDayInZone } from '../../shared/zones.ts';
import type { Database } from '../db/types.ts';
import type { AuthContext } from '../tokens/types.ts';
import { BOM, csvRecords } from './csv.ts';
import { type ExportBooking, type ExportCursor, exportPage, exportQuestionLabels } from './queries.ts';

/** Bookings read per statement. */
export const EXPORT_PAGE_SIZE = 500;

/** What a merchant asked to export. */
export interface ExportRequest {
  /** The first shop day, and the last (included). */
  from?: PlainDate | undefined;
  to?: PlainDate | undefined;
  externalProductId?: number | undefined;
  externalVariantId?: number | undefined;
  status?: BookingStatus | undefined;
}

/** The file: its name and its bytes, as they are read. */
export interface BookingExport {
  filename: string;
  body: ReadableStream<Uint8Array>;
}

/** An answer to a per-unit question: `Rider's name #2`. */
const PER_UNIT = /^(.*) #(\d+)$/;

/** The header line's cells. */
function headerOf(tz: string, labels: readonly string[]): string[] {
  return [
    'Booking',
    'Status',
    'Product',
    'Variant',
    'Quantity',
    `Start (${tz})`,
    `Finish (${tz})`,
    'Customer',
    'Email',
    'Phone',
    'Tags',
    'Order',
    `Created (${tz})`,
    ...labels,
    'Other answers',
  ];
}

/** The booking's answers by question label (per-unit ones in unit order), the rest as `name: value`. */
export function answerCells(fields: readonly BookingField[], labels: readonly string[]): string[] {
  const index = new Map(labels.map((label, i) => [label, i]));
  const answers: Array<Array<{ unit: number; value: string }>> = labels.map(() => []);
  const other: string[] = [];
  for (const { name, value } of fields) {
    if (name === SHOPIFY_ORDER_FIELD) continue;
    const unit = PER_UNIT.exec(name);
    const column = index.get(name) ?? (unit ? index.get(unit[1]!) : undefined);
    if (column === undefined) other.push(`${name}: ${value}`);
    else answers[column]!.push({ unit: index.has(name) ? 0 : Number(unit![2]), value });
  }
  return [
    ...answers.map((list) =>
      list
        .sort((a, b) => a.unit - b.unit)
        .map((a) => a.value)
        .join('; '),
    ),
    other.join('; '),
  ];
}

/** `instant` on the shop's wall clock as spreadsheets read it: `2026-12-05 09:00` (seconds only when not 0). */
function wallClock(instant: Date | string, tz: string): string {
  return localDateTime(new Date(instant), tz).replace('T', ' ');
}

/** The lines of one booking: one per item (one with empty item cells when it has none). */
function linesOf(booking: ExportBooking, tz: string, labels: readonly string[]): string[][] {
  const people = booking.customers;
  const order = booking.fields.find((f) => f.name === SHOPIFY_ORDER_FIELD)?.value ?? '';
  const shared = [
    wallClock(booking.starts_at, tz),
    wallClock(booking.finishes_at, tz),
    people.map((c) => `${c.first_name} ${c.last_name}`.trim()).join('; '),
    people.map((c) => c.email).join('; '),
    people
      .map((c) => c.phone ?? '')
      .filter(Boolean)
      .join('; '),
    booking.tags.join('; '),
    order,
    wallClock(booking.created_at, tz).padEnd(19, ':00'),
    ...answerCells(booking.fields, labels),
  ];
  const items = booking.items.length ? booking.items : [{ product: '', variant: '', quantity: Number.NaN }];
  return items.map((item) => [
    String(booking.id),
    booking.status,
    item.product,
    item.variant,
    Number.isNaN(item.quantity) ? '' : String(item.quantity),
    ...shared,
  ]);
}

/** The file's name: `bookings-<from>-<to>.csv` ("all" for an open end). */
export function exportFilename(request: Pick<ExportRequest, 'from' | 'to'>): string {
  return `bookings-${request.from ?? 'all'}-${request.to ?? 'all'}.csv`;
}

/**
 * The shop's bookings matching `request` as a CSV stream. The questions' columns are read
 * before it starts, so a failing database is an error answer, not a cut file.
 */
export async function exportBookings(
  db: Database,
  auth: Pick<AuthContext, 'shopId' | 'tz'>,
  request: ExportRequest,
  pageSize = EXPORT_PAGE_SIZE,
): Promise<BookingExport> {
  const { tz, shopId } = auth;
  const filters = {
    startMin: request.from === undefined ? undefined : startOfDayInZone(request.from, tz),
    finishBefore: request.to === undefined ? undefined : startOfDayInZone(addDays(request.to, 1), tz),
    externalProductId: request.externalProductId,
    externalVariantId: request.externalVariantId,
    status: request.status,
  };
  const labels = [...new Set(await exportQuestionLabels(db, shopId, filters))];
  const encoder = new TextEncoder();
  let cursor: ExportCursor | undefined;
  let started = false;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(BOM + csvRecords([headerOf(tz, labels)])));
          return;
        }
        const page = await exportPage(db, shopId, filters, cursor, pageSize);
        if (page.length > 0) {
          controller.enqueue(encoder.encode(csvRecords(page.flatMap((b) => linesOf(b, tz, labels)))));
          cursor = page[page.length - 1]!.cursor;
        }
        if (page.length < pageSize) controller.close();
      },
    },
    // One chunk at a time: the next page is read when the last one has been taken.
    { highWaterMark: 0 },
  );
  return { filename: exportFilename(request), body };
}
