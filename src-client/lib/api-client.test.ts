import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, SessionEndedError, SUSPENDED_SESSION_MESSAGE } from './api-client';
import { useSession } from './session';

/** A token of the right shape for the session store (the server checks signatures, not the client). */
const token = (id: number) => ['e30', btoa(JSON.stringify({ id, username: `player${id}` })), 'sig'].join('.');

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

beforeEach(() => {
  const stored = new Map<string, string>();
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  });
  useSession.getState().setToken(token(7));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a 401 to a request that carried the session token', () => {
  it('ends the session here and says why in the server’s words', async () => {
    answer(401, { error: 'Your session has expired. Please log in again.', code: 'TOKEN_EXPIRED' });
    const failure = await api.post('/offers', {}).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SessionEndedError);
    expect((failure as ApiError).message).toBe('Your session has expired. Please log in again.');
    expect(useSession.getState().token).toBeNull();
    expect(localStorage.getItem('jwtToken')).toBeNull();
  });

  it('lets a page keep its own words for an ended session, but not for a suspension', async () => {
    answer(401, { error: 'Invalid session token', code: 'UNAUTHORIZED' });
    const ended = (await api.post('/offers', {}).catch((err: unknown) => err)) as SessionEndedError;
    expect(ended.explain('Your session has expired. Please log in again.')).toBe(
      'Your session has expired. Please log in again.',
    );
    useSession.getState().setToken(token(7));
    answer(401, { error: 'This account is suspended', code: 'ACCOUNT_SUSPENDED' });
    const suspended = (await api.post('/offers', {}).catch((err: unknown) => err)) as SessionEndedError;
    expect(suspended.explain('Your session has expired. Please log in again.')).toBe(
      SUSPENDED_SESSION_MESSAGE,
    );
  });

  it('ends it on a read about the session too', async () => {
    answer(401, { error: 'Invalid session token', code: 'UNAUTHORIZED' });
    const failure = await api.get('/auth/me', { aboutSession: true }).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(SessionEndedError);
    expect(useSession.getState().token).toBeNull();
  });

  it('says the account was suspended when that ended it', async () => {
    answer(401, { error: 'This account is suspended', code: 'ACCOUNT_SUSPENDED' });
    const failure = await api.delete('/listings/5').catch((err: unknown) => err);
    expect((failure as ApiError).message).toBe(SUSPENDED_SESSION_MESSAGE);
    expect((failure as ApiError).code).toBe('ACCOUNT_SUSPENDED');
    expect(useSession.getState().token).toBeNull();
  });

  it('keeps a session logged in meanwhile with another token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        useSession.getState().setToken(token(8));
        return new Response(JSON.stringify({ error: 'Invalid session token', code: 'UNAUTHORIZED' }), {
          status: 401,
        });
      }),
    );
    const failure = await api.get('/auth/me', { aboutSession: true }).catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(SessionEndedError);
    expect(useSession.getState().token).toBe(token(8));
  });
});

describe('a 401 that does not end the session', () => {
  it('leaves it to a background read: the next action says why', async () => {
    answer(401, { error: 'Your session has expired. Please log in again.', code: 'TOKEN_EXPIRED' });
    const failure = await api.get('/offers/stats').catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(SessionEndedError);
    expect(useSession.getState().token).toBe(token(7));
  });

  it('leaves it to a login refused for its credentials', async () => {
    answer(401, { error: 'Invalid email or password', code: 'UNAUTHORIZED' });
    const failure = await api.post('/auth/login', {}).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).not.toBeInstanceOf(SessionEndedError);
    expect(useSession.getState().token).toBe(token(7));
  });

  it('is only an error for a visitor', async () => {
    useSession.getState().clear();
    answer(401, { error: 'Authentication required', code: 'UNAUTHORIZED' });
    const failure = await api.get('/auth/me').catch((err: unknown) => err);
    expect(failure).not.toBeInstanceOf(SessionEndedError);
    expect((failure as ApiError).message).toBe('Authentication required');
  });
});
