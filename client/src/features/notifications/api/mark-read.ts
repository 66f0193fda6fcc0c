import { apiSend } from '@/lib/http';

/** Marks one notification read, or all of them without an id. Answers the unread count left. */
export const markRead = (id?: number) =>
  apiSend<{ unread: number }>(
    'POST',
    id === undefined ? '/api/notifications/read-all' : `/api/notifications/${id}/read`,
    {},
  );
