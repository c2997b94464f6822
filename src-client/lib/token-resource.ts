import { useEffect } from 'react';
import { create } from 'zustand';
import { useSession } from './session';

export type ResourceStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ResourceState<T> {
  /** The session token the data belongs to; data for an older token is never shown. */
  token: string | null;
  data: T | null;
  status: ResourceStatus;
  error: unknown;
}

const IDLE = { token: null, data: null, status: 'idle', error: null } as const;

/**
 * Something fetched once per session token (the current user, the admin check), shared by every component
 * that asks. A new token refetches. A read about the session (`aboutSession`) that the server answers 401
 * ends the session in the API client.
 */
export function createTokenResource<T>(fetcher: () => Promise<T>) {
  const store = create<ResourceState<T>>(() => ({ ...IDLE }));

  async function load(force = false): Promise<void> {
    const token = useSession.getState().token;
    if (!token) {
      store.setState({ ...IDLE });
      return;
    }
    const current = store.getState();
    if (!force && current.token === token && current.status !== 'idle' && current.status !== 'error') return;
    store.setState({
      token,
      status: 'loading',
      error: null,
      data: current.token === token ? current.data : null,
    });
    try {
      const data = await fetcher();
      if (useSession.getState().token === token) store.setState({ data, status: 'ready' });
    } catch (err) {
      if (useSession.getState().token !== token) return;
      store.setState({ data: null, status: 'error', error: err });
    }
  }

  /** The resource for the current session, loading it on first use and whenever the token changes. */
  function useResource(): ResourceState<T> {
    const token = useSession((s) => s.token);
    const state = store();
    useEffect(() => {
      void load();
    }, [token]);
    return state.token === token ? state : { ...IDLE, token, status: token ? 'loading' : 'idle' };
  }

  /** Replaces the data after a change the server has confirmed (a rename, a saved setting). */
  function update(change: (data: T) => T): void {
    const { data } = store.getState();
    if (data !== null) store.setState({ data: change(data) });
  }

  /**
   * Keeps the data across a token the server just issued for the same account (a rename), so components
   * showing it stay mounted instead of flashing back to loading.
   */
  function carryOver(token: string, change: (data: T) => T): void {
    const { data } = store.getState();
    if (data !== null) store.setState({ token, data: change(data), status: 'ready', error: null });
  }

  return { store, load, useResource, update, carryOver };
}
