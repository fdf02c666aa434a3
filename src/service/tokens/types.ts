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
}
