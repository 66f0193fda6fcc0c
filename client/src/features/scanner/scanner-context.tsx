import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { ScannerDialog } from './scanner-dialog';

type ScannerControls = { openScanner: () => void };

const ScannerContext = createContext<ScannerControls | null>(null);

/** One scanner for the whole app: the action menu and the dashboard's Scan QR open the same dialog. */
export function ScannerProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const openScanner = useCallback(() => setOpen(true), []);
  const controls = useMemo(() => ({ openScanner }), [openScanner]);
  return (
    <ScannerContext.Provider value={controls}>
      {children}
      <ScannerDialog open={open} onOpenChange={setOpen} />
    </ScannerContext.Provider>
  );
}

export function useScanner(): ScannerControls {
  const controls = useContext(ScannerContext);
  if (!controls) throw new Error('useScanner must be used inside ScannerProvider');
  return controls;
}
