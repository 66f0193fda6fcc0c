import type { ValveSummary } from '@common/schemas/valves';
import type { ComponentType } from 'react';

/**
 * What a valve picker takes. The valves feature has the picker (search as you type); the work order and photo
 * dialogs that ask for a valve get it passed in by app/, since a feature never imports another.
 */
export type ValvePickerProps = {
  value: ValveSummary | null;
  onChange: (valve: ValveSummary | null) => void;
  error?: string;
  /** Decommissioned valves are shown but cannot be chosen (no new work on them). */
  allowDecommissioned?: boolean;
};

export type ValvePickerSlot = ComponentType<ValvePickerProps>;
