/** Offline settings of spec §3, kept on the device with the last sync time. */
export type OfflineSettings = { autoPreload: boolean; preloadAnalytics: boolean; preloadManuals: boolean };

const SETTINGS_KEY = 'valveops.offline.settings';
const LAST_SYNC_KEY = 'valveops.offline.lastSync';
export const DEFAULT_SETTINGS: OfflineSettings = { autoPreload: true, preloadAnalytics: true, preloadManuals: true };

type Listener = () => void;
const listeners = new Set<Listener>();
export function onSettingsChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const changed = () => {
  for (const listener of listeners) listener();
};

export function readSettings(storage: Storage = localStorage): OfflineSettings {
  try {
    const saved = JSON.parse(storage.getItem(SETTINGS_KEY) ?? '{}') as Partial<Record<keyof OfflineSettings, unknown>>;
    return {
      autoPreload: typeof saved.autoPreload === 'boolean' ? saved.autoPreload : DEFAULT_SETTINGS.autoPreload,
      preloadAnalytics:
        typeof saved.preloadAnalytics === 'boolean' ? saved.preloadAnalytics : DEFAULT_SETTINGS.preloadAnalytics,
      preloadManuals:
        typeof saved.preloadManuals === 'boolean' ? saved.preloadManuals : DEFAULT_SETTINGS.preloadManuals,
    };
  } catch {
    return DEFAULT_SETTINGS;
  }
}

export function saveSettings(change: Partial<OfflineSettings>, storage: Storage = localStorage): OfflineSettings {
  const next = { ...readSettings(storage), ...change };
  storage.setItem(SETTINGS_KEY, JSON.stringify(next));
  changed();
  return next;
}

export function lastSyncTime(storage: Storage = localStorage): number | null {
  const value = Number(storage.getItem(LAST_SYNC_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
}

export function recordSync(at = Date.now(), storage: Storage = localStorage): void {
  storage.setItem(LAST_SYNC_KEY, String(at));
  changed();
}
