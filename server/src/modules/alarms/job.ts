import type { Job } from '../../jobs';
import { sweepAlarms } from './sync';

/** Every minute, once across the servers: shelving that ran out, suppression that began or ended. */
export const alarmSweepJob: Job = {
  name: 'alarm-sweep',
  cron: '* * * * *',
  run: (db) => sweepAlarms(db),
};
