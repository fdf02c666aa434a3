/**
 * A shop's staff as the service passes them around (types only).
 * @module
 */

/** What a member of staff may do: the owner everything; staff all but tokens, staff and Shopify. */
export type StaffRole = 'owner' | 'staff';

/** A member of staff as the API shows one. */
export interface StaffMember {
  id: number;
  name: string;
  email: string | null;
  role: StaffRole;
  created_at: string;
  has_password: boolean;
  passkeys: number;
  /** Whether notices of new and cancelled bookings are emailed to this account's address too (migration 30). */
  notify_bookings: boolean;
}
