import { create } from 'zustand';
import type { AdminList } from '../../../src-common/schemas/user';
import { ApiError, api } from '../../lib/api-client';
import { useSession } from '../../lib/session';

/** `forbidden` is the server saying "not an admin" (403): the dashboard hides. `error` is anything else. */
export type AdminsStatus = 'idle' | 'loading' | 'ready' | 'forbidden' | 'error';
export type Admin = AdminList['admins'][number];

interface AdminsState {
  status: AdminsStatus;
  admins: Admin[];
  load(): Promise<void>;
  add(id: string): Promise<void>;
  remove(id: string): Promise<void>;
}

/** The admin list of the dashboard. A 401 means the stored token is dead: the API client ends the session. */
export const useAdmins = create<AdminsState>((set) => ({
  status: 'idle',
  admins: [],
  async load() {
    if (!useSession.getState().token) return set({ status: 'error', admins: [] });
    set({ status: 'loading' });
    try {
      set({
        status: 'ready',
        admins: (await api.get<AdminList>('/admin/users', { aboutSession: true })).admins,
      });
    } catch (err) {
      set({ status: err instanceof ApiError && err.status === 403 ? 'forbidden' : 'error', admins: [] });
    }
  },
  async add(id) {
    set({ admins: (await api.post<AdminList>('/admin/users/add', { id })).admins });
  },
  async remove(id) {
    set({ admins: (await api.post<AdminList>('/admin/users/remove', { id })).admins });
  },
}));
