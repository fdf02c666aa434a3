/**
 * A variant's requirements (the shared resources it draws on) in the shopkeeper's words, as the
 * product editor holds them while they change, and the upcoming bookings a change would leave
 * without their resource (found from GET /v1/bookings: each item names its assigned resource).
 * @module
 */
import type { Booking, RequirementParams, ResourceRecord, Variant, VariantRequirement } from '../../client/index.ts';
import { wholeNumberOf } from '../components/bits.tsx';

/** What `uses` is taken for, in words, by `per`. */
export const PER_NAMES: Record<VariantRequirement['per'], string> = {
  unit: 'each one booked',
  booking: 'each booking',
  slot: 'each departure',
};

/** A requirement as typed. */
export interface RequirementDraft {
  resources: number[];
  uses: string;
  per: VariantRequirement['per'];
  shopperChooses: boolean;
}

/** The drafts of a variant's requirements. */
export function draftsOf(variant: Variant): RequirementDraft[] {
  return (variant.requirements ?? []).map((r) => ({
    resources: [...r.resources],
    uses: String(r.uses),
    per: r.per,
    shopperChooses: r.choice === 'shopper',
  }));
}

/** "Anna", "Anna or Ben", "Anna, Ben or Cleo". */
export function orList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/**
 * A requirement in plain words: "Each departure needs one of Anna or Ben", "Each one booked takes
 * 2 from Kayak fleet", "Each booking needs Room 1 (the shopper chooses)".
 */
export function requirementWords(r: VariantRequirement, resources: readonly ResourceRecord[]): string {
  const names = r.resources.map((id) => resources.find((x) => x.id === id)?.name ?? 'a removed resource');
  const subject = PER_NAMES[r.per].replace(/^e/, 'E');
  const many = names.length > 1;
  const what =
    r.uses === 1
      ? `needs ${many ? 'one of ' : ''}${orList(names)}`
      : `takes ${r.uses} from ${many ? 'one of ' : ''}${orList(names)}`;
  return `${subject} ${what}${r.choice === 'shopper' && many ? ' (the shopper chooses)' : ''}`;
}

/** The requirements to send, or the errors (by `requirements[i].field`) that keep them back. */
export function requirementsOf(drafts: readonly RequirementDraft[]): {
  body?: RequirementParams[];
  errors: Record<string, string[]>;
} {
  const errors: Record<string, string[]> = {};
  const body = drafts.map((d, i) => {
    const uses = wholeNumberOf(d.uses);
    if (uses === undefined || uses < 1) errors[`requirements[${i}].uses`] = ['enter a whole number, 1 or more'];
    if (!d.resources.length) errors[`requirements[${i}].resources`] = ['choose at least one'];
    return {
      resources: [...d.resources].sort((a, b) => a - b),
      uses: uses ?? 1,
      per: d.per,
      choice: d.shopperChooses ? ('shopper' as const) : ('any' as const),
    };
  });
  return Object.keys(errors).length ? { errors } : { body, errors };
}

/** An upcoming booking a change leaves without its resource, and whose resource it loses. */
export interface Stranded {
  booking: Booking;
  resource: string;
}

/**
 * The bookings of `bookings` (upcoming, of the variant `externalId`) whose assigned resource is
 * no longer in any of `next`'s pools: saving would leave them without it.
 */
export function strandedBy(
  next: readonly RequirementParams[],
  bookings: readonly Booking[],
  externalId: number,
  resources: readonly ResourceRecord[],
): Stranded[] {
  const kept = new Set(next.flatMap((r) => r.resources));
  const out: Stranded[] = [];
  for (const booking of bookings) {
    if (booking.status === 'cancelled') continue;
    for (const item of booking.items) {
      if (Number(item.external_id) !== Number(externalId) || item.resource_id === null) continue;
      const id = Number(item.resource_id);
      if (kept.has(id)) continue;
      out.push({ booking, resource: resources.find((r) => r.id === id)?.name ?? 'its resource' });
      break;
    }
  }
  return out;
}
