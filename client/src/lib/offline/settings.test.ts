import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, lastSyncTime, readSettings, recordSync, saveSettings } from './settings';

/** A Storage that lives in memory, as localStorage does in the browser. */
function memoryStorage(): Storage {
  const map = new Map<string, string>();
  return {
    get length() {
      return map.size;
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  };
}

describe('offline settings', () => {
  it('default to true, keep changes, and survive garbage in storage', () => {
    const storage = memoryStorage();
    expect(readSettings(storage)).toEqual(DEFAULT_SETTINGS);
    saveSettings({ preloadAnalytics: false }, storage);
    expect(readSettings(storage)).toEqual({ autoPreload: true, preloadAnalytics: false, preloadManuals: true });
    storage.setItem('valveops.offline.settings', '{not json');
    expect(readSettings(storage)).toEqual(DEFAULT_SETTINGS);
  });

  it('keep the last sync time', () => {
    const storage = memoryStorage();
    expect(lastSyncTime(storage)).toBeNull();
    recordSync(1_700_000_000_000, storage);
    expect(lastSyncTime(storage)).toBe(1_700_000_000_000);
  });
});
