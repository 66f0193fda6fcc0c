import { TIMINGS } from '@common/constants';
import { useEffect, useState } from 'react';
import { needingAttention, onQueueChange, pendingCount } from './write-queue';

/** How many writes wait to be sent, and how many wait for the user; re-read on every change and every 30 s. */
export function useQueueStatus(): { pending: number; needsAttention: number } {
  const [status, setStatus] = useState({ pending: 0, needsAttention: 0 });
  useEffect(() => {
    let alive = true;
    const refresh = async () => {
      try {
        const [pending, attention] = await Promise.all([pendingCount(), needingAttention()]);
        if (alive) setStatus({ pending, needsAttention: attention.length });
      } catch (error) {
        console.warn('could not read the offline queue', error);
      }
    };
    void refresh();
    const stop = onQueueChange(() => void refresh());
    const timer = setInterval(() => void refresh(), TIMINGS.pendingCountRefreshMs);
    return () => {
      alive = false;
      stop();
      clearInterval(timer);
    };
  }, []);
  return status;
}
