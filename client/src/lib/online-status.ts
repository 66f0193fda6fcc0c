import { TIMINGS } from '@common/constants';
import { useEffect, useState } from 'react';

/** Spec §2.11: the offline banner shows while offline and for the linger time after going offline, so a brief drop is still noticed. */
export function offlineBannerVisible(online: boolean, wentOfflineAt: number | null, now: number): boolean {
  if (!online) return true;
  return wentOfflineAt !== null && now - wentOfflineAt < TIMINGS.offlineBannerLingerMs;
}

/** The landing page is rendered at build time, where there is no navigator: it is drawn online. */
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/** Connectivity from the browser's online/offline events (spec §4), plus whether the offline banner should show. */
export function useOnlineStatus(): { online: boolean; showOfflineBanner: boolean } {
  const [online, setOnline] = useState(browserOnline);
  const [wentOfflineAt, setWentOfflineAt] = useState<number | null>(() => (browserOnline() ? null : Date.now()));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      setNow(Date.now());
    };
    const goOffline = () => {
      setOnline(false);
      setWentOfflineAt(Date.now());
    };
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    // A phone that lost its signal between the first render and these listeners (the app starting, the prerendered
    // page hydrating) fired its event to nobody: catch up with what the browser says now.
    if (!navigator.onLine) goOffline();
    else setOnline(true);
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, []);

  // Back online inside the linger window: re-render when it ends so the banner goes away on time.
  useEffect(() => {
    if (!online || wentOfflineAt === null) return;
    const remaining = wentOfflineAt + TIMINGS.offlineBannerLingerMs - Date.now();
    if (remaining <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), remaining);
    return () => clearTimeout(timer);
  }, [online, wentOfflineAt]);

  return { online, showOfflineBanner: offlineBannerVisible(online, wentOfflineAt, now) };
}
