/** The notifications domain's door (the bell): other domains tell people through these. */

export { notificationRoutes } from './routes';
export { type NewNotification, notifyUsers, settleNotifications, usersOfPlant } from './service';
export { type Notice, type NoticeSource, notificationSweepJob, sweepNotifications } from './sweep';
