/**
 * The admin's frame: sign-in until there is a session, then the shop's name, the navigation
 * (AdminNav: one link per screen, the current one marked; one "Menu" row on a phone) and the screen. Focus moves to the screen's
 * heading when the screen changes, so keyboard and screen-reader users land on it.
 * @module
 */
import { useEffect, useRef } from 'preact/hooks';
import { screen, session, signOut, visibleScreens } from '../models/session.ts';
import { AdminNav } from './AdminNav.tsx';
import { SignIn } from '../screens/SignIn.tsx';
import { Today } from '../screens/Today.tsx';
import { Calendar } from '../screens/Calendar.tsx';
import { Occupancy } from '../screens/Occupancy.tsx';
import { Bookings } from '../screens/Bookings.tsx';
import { Customers } from '../screens/Customers.tsx';
import { Blackouts } from '../screens/Blackouts.tsx';
import { Products } from '../screens/Products.tsx';
import { Resources } from '../screens/Resources.tsx';
import { Widgets } from '../screens/Widgets.tsx';
import { Tokens } from '../screens/Tokens.tsx';
import { Install } from '../screens/Install.tsx';
import { Shop } from '../screens/Shop.tsx';
import { Messages } from '../screens/Messages.tsx';
import { Staff } from '../screens/Staff.tsx';
import { Activity } from '../screens/Activity.tsx';

const VIEWS = {
  today: Today,
  calendar: Calendar,
  occupancy: Occupancy,
  bookings: Bookings,
  customers: Customers,
  blackouts: Blackouts,
  products: Products,
  resources: Resources,
  widgets: Widgets,
  tokens: Tokens,
  install: Install,
  shop: Shop,
  messages: Messages,
  staff: Staff,
  activity: Activity,
};

/** The whole admin page. */
export function App() {
  const main = useRef<HTMLElement>(null);
  const current = screen.value;
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.querySelector<HTMLElement>('h2')?.focus();
  }, [current]);
  if (session.value === undefined)
    return (
      <main>
        <p role="status">Loading…</p>
      </main>
    );
  if (session.value === null) return <SignIn />;
  // A screen the person may not open (staff: Tokens) shows the first one they may.
  const screens = visibleScreens();
  const View = VIEWS[screens.some(([id]) => id === current) ? current : screens[0]![0]];
  return (
    <>
      <header>
        <h1>{session.value.shop.name}: bookings admin</h1>
        <AdminNav current={current} />
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <main ref={main}>
        <View />
      </main>
    </>
  );
}
