/** The alarms domain's door (issue 35): the ISA-18.2 alarm life cycle over the condition engine's episodes. */

export { acknowledgeAlarm, raiseAlarmWorkOrder, shelveAlarm } from './commands';
export { alarmSweepJob } from './job';
export { alarmNotices } from './notices';
export { mondayOf } from './performance-read';
export { alarmRecords } from './record-kind';
export { alarmRoutes } from './routes';
export { sweepAlarms, syncAlarms } from './sync';
