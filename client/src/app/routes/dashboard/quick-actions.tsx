import { TEXTS } from '@common/texts';
import { useQueryClient } from '@tanstack/react-query';
import { Camera, ClipboardList, type LucideIcon, QrCode, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type NewWork, NewWorkDialogs } from '@/app/shell/new-work-dialogs';
import { SearchBox } from '@/components/search-box';
import { Section } from '@/components/section';
import { Button } from '@/components/ui/button';
import { useScanner } from '@/features/scanner/scanner-context';
import { ValveSearchResults } from '@/features/valves/components/valve-search-results';
import { afterNextPaint } from '@/lib/after-next-paint';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

const [SCAN, NEW_WORK_ORDER, PHOTO, SYNC] = TEXTS.dashboard.quickActions;

function ActionButton({
  icon: Icon,
  label,
  onClick,
  busy,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  busy?: boolean;
}) {
  return (
    <Button variant="outline" className="h-auto min-h-20 flex-col gap-1.5 py-3" onClick={onClick} disabled={busy}>
      <Icon className={cn('size-6 text-brand-700', busy && 'animate-spin')} aria-hidden="true" />
      {label}
    </Button>
  );
}

export function QuickActions() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { openScanner } = useScanner();
  const [text, setText] = useState('');
  const [syncing, setSyncing] = useState(false);
  const [open, setOpen] = useState<NewWork>(null);

  // Matches show under the box as the technician types; submitting hands over to the Valve Database.
  const search = (q: string) => navigate(q ? `/valves?${new URLSearchParams({ q })}` : '/valves');

  const sync = async () => {
    setSyncing(true);
    try {
      // Every read on screen loads again and re-renders: the spinner is painted first (INP's worst tap).
      await afterNextPaint();
      await queryClient.invalidateQueries();
      // A refresh that failed somewhere must not claim success: the technician would trust stale figures.
      const failed = queryClient
        .getQueryCache()
        .findAll({ type: 'active', predicate: (q) => q.state.status === 'error' });
      if (failed.length === 0) toast({ title: 'Data refreshed' });
      else
        toast({
          title: 'Refresh incomplete',
          description: 'Some data could not be loaded. Try again.',
          tone: 'danger',
        });
    } finally {
      setSyncing(false);
    }
  };

  return (
    <Section id="quick-actions" title="Quick Actions">
      <SearchBox value={text} onChange={setText} onSearch={search} />
      <ValveSearchResults text={text} />
      <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
        <ActionButton icon={QrCode} label={SCAN} onClick={openScanner} />
        <ActionButton icon={ClipboardList} label={NEW_WORK_ORDER} onClick={() => setOpen('work-order')} />
        {/* Photos are taken against a valve: the dialog asks which one first. */}
        <ActionButton icon={Camera} label={PHOTO} onClick={() => setOpen('photo')} />
        <ActionButton icon={RefreshCw} label={SYNC} onClick={sync} busy={syncing} />
      </div>
      <NewWorkDialogs open={open} onOpenChange={setOpen} />
    </Section>
  );
}
