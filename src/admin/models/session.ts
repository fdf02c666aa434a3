/**
 * Who is signed in, and the screen shown: signals every component reads. The password typed at
 * sign-in goes straight into one request and is never kept (not in a signal, not in storage):
 * the session cookie, HttpOnly, stands for the person afterwards.
 * @module
 */
import { signal } from '@preact/signals';
import { fetchSession, postSignIn, postSignOut, type SessionInfo } from '../api.ts';
import type { PlainDate } from '../../shared/plain-date.ts';
import { catalog } from './catalog.ts';

/** undefined while asking, null when signed out. */
export const session = signal<SessionInfo | null | undefined>(undefined);

/** The screens, in the navigation's order. */
export const SCREENS = [
  ['today', 'Today'],
  ['calendar', 'Calendar'],
  ['occupancy', 'Occupancy'],
  ['bookings', 'Bookings and holds'],
  ['customers', 'Customers'],
  ['blackouts', 'Blackouts'],
  ['products', 'Products'],
  ['resources', 'Resources'],
  ['widgets', 'Widgets'],
  ['tokens', 'Tokens'],
  ['install', 'Install'],
  ['shop', 'Shop'],
  ['messages', 'Messages'],
  ['staff', 'Staff'],
  ['activity', 'Activity'],
] as const;

/** Screens only the owner sees (the service refuses staff there too: 403). */
const OWNER_ONLY: readonly string[] = ['tokens'];

/** Whether the signed-in person is an owner. */
export function isOwner(): boolean {
  return session.value?.staff.role === 'owner';
}

/** The screens the signed-in person may open, in the navigation's order. */
export function visibleScreens(): (typeof SCREENS)[number][] {
  return SCREENS.filter(([id]) => isOwner() || !OWNER_ONLY.includes(id));
}

/** A screen's name. */
export type Screen = (typeof SCREENS)[number][0];

/** What the address names after the screen: `#/bookings/42` → path ['42'], `?date=2026-12-05` → query. */
export interface RouteDetail {
  path: string[];
  query: Record<string, string>;
}

function parse(hash: string): { screen: Screen; detail: RouteDetail } {
  const [where = '', search = ''] = hash.replace(/^#\/?/, '').split('?');
  const [name = '', ...path] = where.split('/').filter(Boolean).map(decodeURIComponent);
  const known = SCREENS.find(([id]) => id === name)?.[0];
  return {
    screen: (known ?? 'today') as Screen,
    detail: { path: known ? path : [], query: Object.fromEntries(new URLSearchParams(search)) },
  };
}

const first = parse(location.hash);
/** The screen the address names (`#/bookings`); the back button works. */
export const screen = signal<Screen>(first.screen);
/** The rest of the address: `#/bookings/new?variant=3&date=2026-12-05`, `#/bookings/42`. */
export const routeDetail = signal<RouteDetail>(first.detail);
addEventListener('hashchange', () => {
  const next = parse(location.hash);
  screen.value = next.screen;
  routeDetail.value = next.detail;
});

/** The address of a screen with a detail: `screenHref('bookings', ['new'], {date})` → `#/bookings/new?date=…`. */
export function screenHref(to: Screen, path: string[] = [], query: Record<string, string> = {}): string {
  const search = new URLSearchParams(query).toString();
  return `#/${[to, ...path].map(encodeURIComponent).join('/')}${search ? `?${search}` : ''}`;
}

/** Asks the service who is signed in. */
export async function loadSession(): Promise<void> {
  session.value = await fetchSession();
}

/** Signs in with an email address and password; resolves to an error message, or null once signed in. */
export async function signIn(email: string, password: string): Promise<string | null> {
  const problem = await postSignIn(email, password);
  if (problem === null) await loadSession();
  return problem;
}

/** Signs out and shows the sign-in form; the shop's catalogue is forgotten, as the next sign-in may be another shop's. */
export async function signOut(): Promise<void> {
  await postSignOut();
  catalog.reset();
  session.value = null;
}

/** Today in the shop's zone, `YYYY-MM-DD`. */
export function shopToday(): PlainDate {
  const tz = session.value?.shop.tz ?? 'UTC';
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  ) as PlainDate;
}
