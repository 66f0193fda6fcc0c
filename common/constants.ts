/**
 * Business constants and limits of spec §9 and the enumerations of spec §2.4, §3 and §4.
 * The one place both client and server read them from.
 */

/**
 * The demo organization's four plants (spec §2.4's filter choices). A real organization's plants are its own data
 * (`GET /api/plants`, issue 30); only the demo generator and the tests read these.
 */
export const DEMO_PLANTS = ['Power Plant A', 'Gas Plant B', 'Chemical Plant C', 'Nuclear Plant D'] as const;
export type DemoPlant = (typeof DEMO_PLANTS)[number];

/** The demo plants' zones. */
export const DEMO_PLANT_TIME_ZONES: Record<DemoPlant, string> = {
  'Power Plant A': 'America/Chicago',
  'Gas Plant B': 'America/Chicago',
  'Chemical Plant C': 'America/New_York',
  'Nuclear Plant D': 'America/New_York',
};

/** The four types the Valve Database filter offers (spec §2.4). */
export const FILTER_VALVE_TYPES = ['Ball Valve', 'Gate Valve', 'Globe Valve', 'Check Valve'] as const;
/** The types of the demo's valves; safety relief valves exist in plants but are not a filter choice of spec §2.4. */
export const VALVE_TYPES = [...FILTER_VALVE_TYPES, 'Safety Relief Valve'] as const;
export type ValveType = (typeof VALVE_TYPES)[number];
/** The type the relief valves domain binds to: a valve of it is a relief device's valve record. */
export const RELIEF_VALVE_TYPE = 'Safety Relief Valve';
/**
 * The catalog every organization starts from (issue 30), the spec's four filter choices first; an admin adds the
 * plant's own types (`POST /api/valve-types`). The classes of ISA-75 and ASME B16.34 in their common trade names.
 */
export const STANDARD_VALVE_TYPES = [
  ...FILTER_VALVE_TYPES,
  'Butterfly Valve',
  'Plug Valve',
  'Diaphragm Valve',
  'Needle Valve',
  'Pinch Valve',
  'Knife Gate Valve',
  'Control Valve',
  RELIEF_VALVE_TYPE,
  'Pressure Reducing Valve',
  'Solenoid Valve',
] as const;

export const VALVE_STATUSES = ['active', 'maintenance', 'overdue', 'decommissioned'] as const;
export type ValveStatus = (typeof VALVE_STATUSES)[number];

/** The valve's criticality (A most critical): with the episode's severity it sets an alarm's priority. */
export const VALVE_CRITICALITIES = ['A', 'B', 'C'] as const;
export type ValveCriticality = (typeof VALVE_CRITICALITIES)[number];
export const VALVE_CRITICALITY_LABELS: Record<ValveCriticality, string> = {
  A: 'A · High: a failure stops the unit or is a safety or environmental hazard',
  B: 'B · Medium: a failure slows the unit or has a spare',
  C: 'C · Low: a failure has little effect',
};

/** Stored workflow states of a work order. 'overdue' is derived from the due date, never stored (see docs). */
export const WORK_ORDER_STATUSES = ['pending', 'in_progress', 'completed', 'overdue'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];
export const STORED_WORK_ORDER_STATUSES = ['pending', 'in_progress', 'completed'] as const;

export const WORK_ORDER_PRIORITIES = ['high', 'medium', 'low'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** What an electronic signature means (21 CFR 11.50): who did the work, who checked it, who approved it. */
export const SIGNATURE_MEANINGS = ['performed', 'reviewed', 'approved'] as const;
/** The steps after the work that may need a signature: completing it, approving (reviewing) it, closing it. */
export const SIGN_OFF_STAGES = ['complete', 'approve', 'close'] as const;
export type SignOffStage = (typeof SIGN_OFF_STAGES)[number];

/** The kinds of step a procedure can hold. */
export const PROCEDURE_STEP_TYPES = ['check', 'number', 'text', 'choice', 'photo', 'signature'] as const;

export const MAINTENANCE_RECORD_TYPES = ['inspection', 'preventive', 'corrective', 'calibration', 'note'] as const;
export type MaintenanceRecordType = (typeof MAINTENANCE_RECORD_TYPES)[number];

export const ACTIVITY_TYPES = [
  'work_order_created',
  'work_order_started',
  'work_order_paused',
  'work_order_reopened',
  'work_order_updated',
  'work_order_completed',
  'work_order_cancelled',
  'work_order_approved',
  'work_order_closed',
  'maintenance_completed',
  'note_added',
  'photo_uploaded',
  'photo_deleted',
  'document_uploaded',
  'document_deleted',
  'maintenance_overdue',
  'inspection_recorded',
  'valve_added',
  'valve_updated',
  'valve_decommissioned',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const SENSOR_TYPES = ['temperature', 'pressure', 'vibration'] as const;
export type SensorType = (typeof SENSOR_TYPES)[number];
export const READING_QUALITIES = ['good', 'warning', 'critical'] as const;
export const RISK_LEVELS = ['low', 'medium', 'high', 'critical'] as const;
export const USER_ROLES = ['technician', 'supervisor', 'engineer', 'admin'] as const;

/** The five sample valve IDs of spec §9 (scanner simulation, demo data). */
export const SAMPLE_VALVE_IDS = ['V-001-BV', 'V-002-GV', 'V-003-CV', 'V-004-NV', 'V-005-PV'] as const;
/** The demo organization's tag convention: V, a number, a two-letter type code (spec §3's samples). */
export const VALVE_ID_PATTERN = /^V-\d{1,6}-[A-Z]{2}$/;
/**
 * Any plant's tag (issue 30): ISA 5.1 tags such as FCV-101A, 10-XV-001 or PSV-1075/A, up to 40 letters, digits,
 * `-`, `/` and `.`, starting with a letter or digit. Unique in the organization regardless of case.
 */
export const VALVE_TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9./-]{0,39}$/;
export const VALVE_TAG_MESSAGE = 'must be a tag of up to 40 letters, digits, -, / or . (such as FCV-101A or V-001-BV)';
/**
 * What a tag's two-letter code says the valve is. A code not listed here says nothing; a listed one must agree
 * with the valve's type (V-902-GV cannot be a ball valve). NV is the needle-pattern globe of the spec's samples.
 */
export const VALVE_TYPE_CODES: Record<string, ValveType> = {
  BV: 'Ball Valve',
  GV: 'Gate Valve',
  GL: 'Globe Valve',
  NV: 'Globe Valve',
  CV: 'Check Valve',
  PV: 'Safety Relief Valve',
  SV: 'Safety Relief Valve',
  RV: 'Safety Relief Valve',
};

/** Why a tag's code contradicts the type, or null when it does not. */
export function valveCodeContradiction(valveId: string, type: string): string | null {
  // The codes are the demo convention's; another plant's tag says nothing of the type.
  if (!VALVE_ID_PATTERN.test(valveId.toUpperCase())) return null;
  const code = valveId.slice(-2).toUpperCase();
  const meant = VALVE_TYPE_CODES[code];
  if (!meant || meant === type) return null;
  return `does not match the ID: ${valveId} ends in ${code}, the code of a ${meant.toLowerCase()}`;
}

export const DISPLAY_LIMITS = {
  dashboardValves: 3,
  dashboardWorkOrders: 2,
  statCardPlaceholders: 4,
  valveRowPlaceholders: 3,
  workOrderRowPlaceholders: 2,
  activityRowPlaceholders: 3,
  valveListPlaceholders: 6,
  workOrderTabPlaceholders: 3,
  chartReadings: 20,
  performanceValves: 6,
  preloadValveDetails: 10,
  manualDialogTabs: 10,
  dashboardActivities: 10,
} as const;

/** Largest record id: PostgreSQL's integer. A larger id in a URL is a bad request, never a database error. */
export const MAX_ID = 2_147_483_647;

/** Valve list paging: the default and largest page a client may ask for. */
export const VALVE_PAGE = { defaultLimit: 50, maxLimit: 500 } as const;
/** The most work orders a client may ask for with `limit` (the newest first); without it the list is whole. */
export const WORK_ORDER_LIST = { maxLimit: 500 } as const;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const TIMINGS = {
  localDatabaseVersion: 1,
  cacheStaleAfterMs: HOUR,
  backgroundSyncMs: 30 * SECOND,
  syncAfterQueueMs: SECOND,
  preloadAfterOnlineMs: SECOND,
  preloadAfterLoadMs: 3 * SECOND,
  /** The longest a slow first screen holds back the service worker's registration (offline start waits on it). */
  serviceWorkerAtLatestMs: 10 * SECOND,
  preloadValveDetailsMs: 2 * SECOND,
  preloadAnalyticsMs: 5 * SECOND,
  queryFreshMs: 5 * MINUTE,
  queryKeptMs: 30 * MINUTE,
  readRetries: 3,
  mutationRetries: 2,
  retryBaseMs: SECOND,
  retryMaxMs: 30 * SECOND,
  pendingCountRefreshMs: 30 * SECOND,
  offlinePanelRefreshMs: 2 * SECOND,
  successDownloadDelayMs: 2 * SECOND,
  scannerRedirectMs: 1000,
  offlineBannerLingerMs: 5000,
  toastDurationMs: 5 * SECOND,
  toastRemoveDelayMs: 1_000_000,
  tooltipDelayMs: 700,
} as const;

export const TOAST = { limit: 1, swipeThresholdPx: 50, hotkey: ['F8'], maxWidthPx: 420 } as const;

/** Exponential backoff of spec §9: 1 s, 2 s, 4 s ... capped at 30 s. */
export function retryDelayMs(attempt: number): number {
  return Math.min(TIMINGS.retryBaseMs * 2 ** attempt, TIMINGS.retryMaxMs);
}

export const MANUAL_LIBRARY_TOTALS = { pages: 936, sizeMb: 53.8 } as const;

const MB = 1_000_000;
/** Spec §9 storage guidance: keep 1 GB free; critical data about 50 MB, analytics 100 MB, manuals 200 MB. */
export const STORAGE_GUIDANCE = {
  keepFreeBytes: 1_000 * MB,
  criticalDataBytes: 50 * MB,
  analyticsBytes: 100 * MB,
  manualsBytes: 200 * MB,
} as const;

/** Prices, plans and products live in billing.ts (the catalogue the server charges from). */
export { PRICING } from './billing';

export const TARGETS = { responseTimeMs: 200, errorRatePercent: 1 } as const;

/** /performance (spec §2.21): benchmark categories in display order; the screen shows the first four found. */
export const BENCHMARK_CATEGORIES = ['API', 'Database', 'Offline Sync', 'Analytics', 'Frontend'] as const;

/** Live measurement: the rolling window behind system health and live benchmarks (docs/performance.md). */
export const PERFORMANCE_WINDOW = {
  /** The current window; trends compare it with the window before it. */
  windowMs: 5 * MINUTE,
  /** The screen refreshes its figures this often while open. */
  refreshMs: 5 * SECOND,
  /** A change smaller than this share of the previous figure is 'stable'. */
  trendDeadBand: 0.05,
} as const;

/** Lighthouse targets (issue 9), in mobile emulation: scores out of 100. */
export const LIGHTHOUSE_TARGETS = { performance: 90, accessibility: 95 } as const;
/** Interaction to Next Paint under this is "good" (https://web.dev/articles/inp: 200 ms at the 75th percentile). */
export const INP_TARGET_MS = 200;
