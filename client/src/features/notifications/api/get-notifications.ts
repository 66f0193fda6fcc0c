import type { NotificationList } from '@common/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readQueryKey } from '@/lib/query-client';

/** The bell's notifications; asked again every minute, as often as the server's sweep writes new ones. */
export const notificationsQuery = queryOptions({
  queryKey: ['/api/notifications'],
  queryFn: readQueryKey<NotificationList>,
});

export const useNotifications = () => useQuery({ ...notificationsQuery, refetchInterval: 60_000 });
