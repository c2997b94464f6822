import { create } from 'zustand';
import type { TokenPayload } from '../../src-common/schemas/user';

/** Storage keys: jwtToken is read first, token is the fallback; both are cleared together. */
export const TOKEN_KEYS = ['jwtToken', 'token'] as const;

export class InvalidTokenError extends Error {
  constructor() {
    super('invalid token');
  }
}

/** A token is usable only with three non-empty dot-separated parts. */
export function hasTokenShape(token: string): boolean {
  const parts = token.split('.');
  return parts.length === 3 && parts.every((p) => p.length > 0);
}

/** Reads the payload (no signature check: the server does that). Throws InvalidTokenError. */
export function decodeToken(token: string): TokenPayload {
  if (!hasTokenShape(token)) throw new InvalidTokenError();
  try {
    const json = atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'));
    const payload = JSON.parse(json) as Partial<TokenPayload>;
    if (typeof payload.id !== 'number' || typeof payload.username !== 'string') throw new InvalidTokenError();
    return { id: payload.id, username: payload.username };
  } catch {
    throw new InvalidTokenError();
  }
}

function clearStoredTokens() {
  for (const key of TOKEN_KEYS) localStorage.removeItem(key);
}

function readStoredToken(): string | null {
  const token = TOKEN_KEYS.map((k) => localStorage.getItem(k)).find((t) => t) ?? null;
  if (!token) return null;
  if (!hasTokenShape(token)) {
    console.warn('Removing a stored session token that is not a valid JWT');
    clearStoredTokens();
    return null;
  }
  return token;
}

/** What a page says when the server ended the session (expired, or ended on another device). */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

interface SessionState {
  token: string | null;
  user: TokenPayload | null;
  /**
   * Why the last session ended when the player did not log out here (the server stopped taking its
   * token); null while logged in and after a logout of this page's own.
   */
  endedBecause: string | null;
  /** Stores a new token (login, username change); an undecodable one clears the session. */
  setToken(token: string): void;
  clear(): void;
  /** Forgets a token the server no longer takes, keeping why for the pages to say. */
  end(reason: string): void;
}

function sessionFrom(token: string | null): Pick<SessionState, 'token' | 'user' | 'endedBecause'> {
  if (!token) return { token: null, user: null, endedBecause: null };
  try {
    return { token, user: decodeToken(token), endedBecause: null };
  } catch {
    console.warn('Removing a stored session token that could not be decoded');
    clearStoredTokens();
    return { token: null, user: null, endedBecause: null };
  }
}

export const useSession = create<SessionState>((set) => ({
  ...sessionFrom(typeof localStorage === 'undefined' ? null : readStoredToken()),
  setToken(token) {
    const next = sessionFrom(token);
    if (next.token) {
      localStorage.setItem('jwtToken', next.token);
      localStorage.removeItem('token');
    }
    set(next);
  },
  clear() {
    clearStoredTokens();
    set({ token: null, user: null, endedBecause: null });
  },
  end(reason) {
    clearStoredTokens();
    set({ token: null, user: null, endedBecause: reason });
  },
}));

export const selectUser = (s: SessionState) => s.user;
export const selectIsLoggedIn = (s: SessionState) => s.user !== null;
export const selectEndedBecause = (s: SessionState) => s.endedBecause;
