/** The hours of a work order, as a technician logs them on a phone (issue 33). */
export const LABOR_TEXTS = {
  title: 'Labor',
  loading: 'Loading hours',
  none: 'No hours logged yet.',
  start: 'Start timer',
  stop: 'Stop timer',
  starting: 'Starting…',
  stopping: 'Stopping…',
  running: (elapsed: string) => `Timer running: ${elapsed}`,
  runningOf: (name: string) => `${name}'s timer is running`,
  startFailed: 'The timer did not start.',
  stopFailed: 'The timer did not stop.',
  stopped: (duration: string) => `${duration} logged.`,
  log: 'Log hours',
  total: (duration: string, cost: string) => `Total ${duration} · ${cost}`,
  duration: (minutes: number) => {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return h === 0 ? `${m} min` : m === 0 ? `${h} h` : `${h} h ${m} min`;
  },
  logDialog: {
    title: 'Log hours',
    hours: 'Hours',
    minutes: 'Minutes',
    workedOn: 'Day worked',
    note: 'Note',
    noteHint: 'What was done, e.g. "Repacked the stem, stroked twice".',
    submit: 'Log hours',
    busy: 'Logging…',
    failed: 'The hours were not logged.',
    logged: (duration: string) => `${duration} logged.`,
    needTime: 'Enter the hours or minutes worked.',
  },
} as const;
