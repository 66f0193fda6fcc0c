import type { Notification } from '@common/schemas/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { Bell, ClipboardList } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { formatDateTime } from '@/lib/format';
import { notificationsQuery, useNotifications } from '../api/get-notifications';
import { markRead } from '../api/mark-read';

const T = {
  title: 'Notifications',
  label: (unread: number) => `Notifications: ${unread} new`,
  markAll: 'Mark all read',
  markOne: 'Mark read',
  empty: 'Nothing new. Work assigned to you, work falling due, anomalies and emergencies show here.',
} as const;

/**
 * The header's bell (issue 17 item 8): the unread count, and a panel of the newest notifications, each naming the
 * work order it is about (issue 29); opening one marks it read and goes to its screen (the work order's).
 */
export function NotificationBell() {
  const list = useNotifications();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const unread = list.data?.unread ?? 0;
  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
  const openOne = async (item: Notification) => {
    if (!item.read) await markRead(item.id);
    await refresh();
    if (item.link) {
      setOpen(false);
      navigate(item.link);
    }
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg hover:bg-slate-800"
        aria-label={T.label(unread)}
      >
        <Bell className="size-6" aria-hidden="true" />
        {unread ? (
          <span className="absolute top-1 right-1 flex size-5 items-center justify-center rounded-full bg-red-600 text-xs font-bold">
            {unread > 9 ? '9+' : unread}
          </span>
        ) : null}
      </DialogTrigger>
      <DialogContent title={T.title} description={T.label(unread)}>
        <div className="grid gap-3">
          <Button variant="outline" disabled={!unread} onClick={() => void markRead().then(refresh)}>
            {T.markAll}
          </Button>
          {list.data?.items.length ? (
            <ul className="grid gap-2" aria-label={T.title}>
              {list.data.items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    onClick={() => void openOne(item)}
                    className={`grid min-h-12 w-full gap-0.5 rounded-lg border p-3 text-left ${item.read ? 'border-slate-200 bg-white' : 'border-brand-600 bg-brand-50'}`}
                  >
                    <span className="flex items-center gap-2 text-base font-bold text-slate-900">
                      {item.read ? null : (
                        <span className="shrink-0 rounded bg-red-600 px-1.5 text-xs text-white">New</span>
                      )}
                      <span className="min-w-0 break-words">{item.title}</span>
                    </span>
                    {item.workOrder ? (
                      <span className="flex items-start gap-1.5 text-sm font-semibold text-brand-800">
                        <ClipboardList className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        <span className="min-w-0 break-words">
                          {item.workOrder.number} · {item.workOrder.title}
                        </span>
                      </span>
                    ) : null}
                    {/* Work notices say the order's title as their body: named once, above. */}
                    {item.body !== item.workOrder?.title ? (
                      <span className="text-sm break-words text-slate-700">{item.body}</span>
                    ) : null}
                    <span className="text-xs text-slate-500">{formatDateTime(item.createdAt)}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-base text-slate-700">{T.empty}</p>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
