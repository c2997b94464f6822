import {
  NOTIFICATIONS_PAGE_DEFAULT,
  type MarkReadInput,
  type MarkReadResponse,
  type Notification,
} from '../../../src-common/schemas/notification';
import { api, apiRequest } from '../../lib/api-client';

export interface NotificationPage {
  items: Notification[];
  unread: number;
}

/** GET /api/notifications: a page, newest first, and the unread count from its X-Unread-Count header. */
export async function fetchNotifications(before?: number): Promise<NotificationPage> {
  const { data, headers } = await apiRequest<Notification[]>('GET', '/notifications', {
    query: { limit: NOTIFICATIONS_PAGE_DEFAULT, before },
  });
  return { items: data, unread: Number(headers.get('X-Unread-Count') ?? 0) };
}

export const postRead = (input: MarkReadInput) => api.post<MarkReadResponse>('/notifications/read', input);
