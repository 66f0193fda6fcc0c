import { TEXTS } from '@common/texts';
import { Wifi, WifiOff } from 'lucide-react';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatDateTime } from '@/lib/format';
import { useOnlineStatus } from '@/lib/online-status';
import { DataManagementTab } from './components/data-management-tab';
import { SettingsTab } from './components/settings-tab';
import { StorageTab } from './components/storage-tab';
import { useOfflinePanel } from './use-offline-panel';

const TAB = 'min-h-12 px-1 leading-tight whitespace-normal';

/** Spec §2.18: connectivity, what waits to sync, the last sync, and the three tabs. */
export function OfflineScreen() {
  const { online } = useOnlineStatus();
  const panel = useOfflinePanel();
  const pending = panel.queue.filter((w) => !w.attention).length;
  return (
    <div>
      <PageHeader title={TEXTS.offline.title} />
      <dl className="mb-4 grid grid-cols-1 gap-2 rounded-xl border border-slate-200 bg-white p-4 text-base sm:grid-cols-3">
        <div className="flex items-center gap-2">
          {online ? (
            <Wifi className="size-5 text-green-700" aria-hidden="true" />
          ) : (
            <WifiOff className="size-5 text-amber-700" aria-hidden="true" />
          )}
          <dt className="sr-only">Connection</dt>
          <dd className="font-semibold">{online ? TEXTS.offline.online : TEXTS.offline.offline}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">{TEXTS.offline.pending}:</dt>
          <dd className="font-semibold" data-testid="pending-count">
            {pending}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">{TEXTS.offline.lastSync}:</dt>
          <dd className="font-semibold">
            {panel.lastSync ? formatDateTime(new Date(panel.lastSync).toISOString()) : TEXTS.offline.never}
          </dd>
        </div>
      </dl>
      <Tabs defaultValue="data">
        {/* Three equal columns that wrap their labels: all tabs stay in reach at 360 px, no sideways scrolling. */}
        <TabsList className="grid grid-cols-3">
          <TabsTrigger value="data" className={TAB}>
            {TEXTS.offline.tabs.data}
          </TabsTrigger>
          <TabsTrigger value="settings" className={TAB}>
            {TEXTS.offline.tabs.settings}
          </TabsTrigger>
          <TabsTrigger value="storage" className={TAB}>
            {TEXTS.offline.tabs.storage}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="data">
          <DataManagementTab panel={panel} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab />
        </TabsContent>
        <TabsContent value="storage">
          <StorageTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
