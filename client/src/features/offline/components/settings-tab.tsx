import { TEXTS } from '@common/texts';
import { useSyncExternalStore } from 'react';
import { type OfflineSettings, onSettingsChange, readSettings, saveSettings } from '@/lib/offline/settings';

const SWITCHES: (keyof OfflineSettings)[] = ['autoPreload', 'preloadAnalytics', 'preloadManuals'];

// Read on first use, not on import: the landing page's build-time render imports this module with no localStorage.
let snapshot: OfflineSettings | undefined;
const getSnapshot = () => {
  snapshot ??= readSettings();
  return snapshot;
};
const subscribe = (onChange: () => void) =>
  onSettingsChange(() => {
    snapshot = readSettings();
    onChange();
  });

/** The three switches of spec §3, kept on this device. */
export function SettingsTab() {
  const settings = useSyncExternalStore(subscribe, getSnapshot);
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
      {SWITCHES.map((key) => (
        <li key={key}>
          <label className="flex min-h-14 cursor-pointer items-center justify-between gap-4 px-4 py-3">
            <span className="text-base font-medium text-slate-900">{TEXTS.offline.settings[key]}</span>
            <input
              type="checkbox"
              role="switch"
              aria-checked={settings[key]}
              className="size-6 shrink-0 accent-brand-700"
              checked={settings[key]}
              onChange={(event) => saveSettings({ [key]: event.target.checked })}
            />
          </label>
        </li>
      ))}
    </ul>
  );
}
