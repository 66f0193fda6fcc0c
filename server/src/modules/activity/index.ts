/** The activity feed's door: what other domains may use of it (docs/decisions/008). */
export { type ActivityEntry, recordActivity } from './service';
