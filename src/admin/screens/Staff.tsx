/**
 * Staff: everyone's own account (name, email address, password) and signed-in devices; for the
 * owner, the shop's staff too: invite by email address (a link to hand over, one use, 7 days),
 * change a role, remove someone (two steps; their sessions end at once).
 * @module
 */
import { useStatus } from '../components/bits.tsx';
import { ScreenStatus } from '../components/ScreenStatus.tsx';
import { isOwner } from '../models/session.ts';
import { StaffAccount } from './StaffAccount.tsx';
import { StaffSessions } from './StaffSessions.tsx';
import { StaffTeam } from './StaffTeam.tsx';

/** The Staff screen. */
export function Staff() {
  const { message, problem, say } = useStatus();
  return (
    <section class="card">
      <h2 tabIndex={-1}>Staff</h2>
      <ScreenStatus message={message} problem={problem} loads={[]} />
      <StaffAccount say={say} />
      <StaffSessions say={say} />
      {isOwner() && <StaffTeam say={say} />}
    </section>
  );
}
