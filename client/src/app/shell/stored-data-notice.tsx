import { TEXTS } from '@common/texts';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatAge, oldestShown, useOfflineAnswers } from '@/lib/offline/offline-answers';
import { isStale } from '@/lib/offline/read-cache';
import { queryKeyToPath } from '@/lib/query-key';
import { SESSION_PATH } from '@/lib/session/session-query';

const pathsOnScreen = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ type: 'active' })
    .map((query) => queryKeyToPath(query.queryKey));

/** The paths of the reads some screen is showing now (queries with an observer). */
function usePathsOnScreen(): string[] {
  const queryClient = useQueryClient();
  const [paths, setPaths] = useState(() => pathsOnScreen(queryClient));
  useEffect(() => {
    const update = () => {
      const next = pathsOnScreen(queryClient);
      setPaths((current) => (current.join('\n') === next.join('\n') ? current : next));
    };
    update();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'observerAdded' || event.type === 'observerRemoved' || event.type === 'updated') update();
    });
  }, [queryClient]);
  return paths;
}

/**
 * Under the status banner while a screen shows data saved on this device (spec §4 staleness): how old, and a
 * warning once it is older than an hour. One line, so it never pushes the screen far down on a phone.
 */
export function StoredDataNotice() {
  const stored = useOfflineAnswers();
  const paths = usePathsOnScreen();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  // The session is not data on the screen: its age says nothing the technician needs.
  const savedAt = oldestShown(
    stored,
    paths.filter((path) => path !== SESSION_PATH),
  );
  if (savedAt === null) return null;
  const stale = isStale(savedAt, now);
  return (
    <p
      role="note"
      data-testid="stored-data-notice"
      className={`flex items-center justify-center gap-1 px-2 whitespace-nowrap sm:px-3 py-1.5 text-center text-sm font-medium ${
        stale ? 'bg-amber-100 text-amber-950' : 'bg-sky-50 text-sky-950'
      }`}
    >
      <History className="size-4 shrink-0" aria-hidden="true" />
      <span className="hidden sm:inline">{TEXTS.offline.storedNotice(formatAge(savedAt, now))}</span>
      <span className="sm:hidden">{TEXTS.offline.storedNoticeShort(formatAge(savedAt, now))}</span>
      {stale ? <span className="font-semibold">{TEXTS.offline.mayBeOutOfDate}</span> : null}
    </p>
  );
}
