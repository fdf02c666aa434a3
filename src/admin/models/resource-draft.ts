/**
 * A resource (a guide, a boat, a fleet of kayaks) as its form holds it while the shopkeeper
 * types, and the body it sends. Its weekly hours are a schedule draft's hours (the schedules'
 * own week editor shows them), so their errors are keyed as the schedules' are
 * (`schedule.hours.mon[0]`); the service's `hours.mon[0]` are moved there too.
 * @module
 */
import type { ResourceCreateParams, ResourceKind, ResourceRecord } from '../../client/index.ts';
import { wholeNumberOf } from '../components/bits.tsx';
import { locationIdOf, locationValueOf } from '../components/LocationField.tsx';
import { DAY_NAMES, draftOf, type ScheduleDraft, scheduleOf } from './schedule-draft.ts';
import { WEEKDAYS } from '../../shared/schedule.ts';

/** The kinds a resource may be, in the shopkeeper's words. */
export const KIND_NAMES: Record<ResourceKind, string> = {
  staff: 'A person (a guide, an instructor)',
  equipment: 'Equipment (kayaks, bikes)',
  room: 'A room or space',
  vehicle: 'A vehicle or boat',
  other: 'Something else',
};

/** The form's text values. */
export interface ResourceValues extends Record<string, string> {
  name: string;
  kind: ResourceKind;
  units: string;
  location: string;
  staff: string;
  /** 'always' or 'hours': available whenever booked, or only in the hours below. */
  when: string;
}

/** The form's labels by API field path. */
export const RESOURCE_LABELS: Record<string, string> = {
  name: 'Name',
  kind: 'What it is',
  units: 'How many at once',
  location_id: 'Location',
  staff_account_id: 'Their staff account',
  hours: 'Available',
};

/** A new resource's values (one person, always available), or `resource`'s. */
export function valuesOf(resource?: ResourceRecord): ResourceValues {
  return {
    name: resource?.name ?? '',
    kind: resource?.kind ?? 'staff',
    units: String(resource?.units ?? 1),
    location: locationValueOf(resource?.location_id),
    staff: resource?.staff_account_id == null ? '' : String(resource.staff_account_id),
    when: resource?.hours ? 'hours' : 'always',
  };
}

/** The week editor's draft of `resource`'s hours (weekdays 09:00–17:00 when it has none yet). */
export function hoursDraftOf(resource?: ResourceRecord): ScheduleDraft {
  const hours = resource?.hours;
  const draft = draftOf(null);
  if (!hours) return { ...draft, booking: 'slots', mode: 'hours' };
  for (const day of WEEKDAYS)
    draft.hours[day] = (hours[day] ?? []).map(([open, close]) => ({
      open,
      close: close === '24:00' ? '00:00' : close,
    }));
  return { ...draft, booking: 'slots', mode: 'hours' };
}

/** The body the form sends, or the errors (by API path; hours' as the week editor keys them) that keep it back. */
export function resourceBodyOf(
  values: ResourceValues,
  hours: ScheduleDraft,
): { body?: ResourceCreateParams; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  if (!values.name.trim()) errors.name = ['enter a name'];
  const units = wholeNumberOf(values.units);
  if (units === undefined || units < 1) errors.units = ['enter a whole number, 1 or more'];
  let weekly: ResourceCreateParams['hours'] = null;
  if (values.when === 'hours') {
    const checked = scheduleOf(hours);
    for (const [path, list] of Object.entries(checked.errors))
      if (path.startsWith('schedule.hours'))
        errors[path] = list.map((m) => (path === 'schedule.hours' ? 'available on at least one day' : m));
    weekly = checked.schedule?.hours ?? null;
  }
  if (Object.keys(errors).length) return { errors };
  return {
    body: {
      name: values.name.trim(),
      kind: values.kind,
      units: units!,
      hours: weekly,
      location_id: locationIdOf(values.location),
      staff_account_id: values.staff ? Number(values.staff) : null,
    },
    errors,
  };
}

/** The service's errors with its `hours.…` paths moved to the week editor's `schedule.hours.…`. */
export function withHoursPaths(errors: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(errors).map(([path, list]) => [path.startsWith('hours') ? `schedule.${path}` : path, list]),
  );
}

/** "Mon–Fri 09:00–17:00"-ish summary of a resource's hours for its row: each open day with its times. */
export function hoursSummary(resource: ResourceRecord): string {
  if (!resource.hours) return 'Always available';
  const days = WEEKDAYS.filter((d) => resource.hours?.[d]?.length);
  if (!days.length) return 'Never available';
  return days
    .map((d) => `${DAY_NAMES[d].slice(0, 3)} ${resource.hours![d]!.map(([a, b]) => `${a}–${b}`).join(', ')}`)
    .join('; ');
}

/**
 * The 409 of a refused delete in the shopkeeper's words: the service's sentence without the
 * resource's number ("The resource 12 (Anna) cannot…" → "Anna cannot…").
 */
export function deleteRefusal(message: string, name: string): string {
  return message.replace(/^The resource \d+ \([^)]*\)/, name);
}
