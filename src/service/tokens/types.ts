/**
 * Who is calling: the verified token and its shop. Every feature's routes and rules take it, so
 * it lives apart from the token code (types only).
 * @module
 */

/** What a token may do. */
export type TokenKind = 'secret' | 'publishable';

/** A verified token and its shop. */
export interface AuthContext {
  tokenId: number;
  kind: TokenKind;
  shopId: number;
  /** The shop's IANA zone: every day and "today" is computed in it. */
  tz: string;
  locale: string;
  /** Browser origins a publishable token may be used from. */
  origins: string[];
  /**
   * The member of staff whose admin session this is (a session acts with a secret token's
   * scopes, less what the role forbids: staff/role-guard.ts); absent for tokens.
   */
  staff?: SessionStaff;
}

/** Who is signed in to the admin: a member of staff and the session itself. */
export interface SessionStaff {
  id: number;
  name: string;
  email: string | null;
  role: 'owner' | 'staff';
  sessionId: number;
}
