/** The auth domain's door: what the app and other domains may use of it (docs/decisions/008). */

export { addressUsedElsewhere, sendAddressLink } from './email-verification';
export { authRoutes } from './routes';
