import type { ValveLookup } from '@common/schemas/valves';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { LookupOffline, lookupValve } from './api/lookup-valve';

/** Spec §4 scanner lookup: idle, loading, found, not found (offline: no saved copy of the valve either). */
export type LookupState =
  | { status: 'idle' }
  | { status: 'loading'; tag: string }
  | { status: 'found'; tag: string; valve: ValveLookup }
  | { status: 'not-found'; tag: string; offline: boolean };

/** One lookup at a time: a newer scan or entry wins over an answer still on its way. */
export function useValveLookup() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<LookupState>({ status: 'idle' });
  const latest = useRef(0);

  const lookUp = useCallback(
    async (tag: string) => {
      const mine = ++latest.current;
      setState({ status: 'loading', tag });
      try {
        const valve = await lookupValve(tag, queryClient);
        if (mine === latest.current) setState({ status: 'found', tag, valve });
      } catch (error) {
        if (mine !== latest.current) return;
        if (!(error instanceof LookupOffline)) console.warn('Valve lookup failed', error);
        setState({ status: 'not-found', tag, offline: error instanceof LookupOffline });
      }
    },
    [queryClient],
  );

  return { state, lookUp };
}
