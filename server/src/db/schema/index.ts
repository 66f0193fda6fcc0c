/*
 * Every table, one file per domain (a new domain adds its own file and a line here); drizzle-kit reads this file
 * (drizzle.config.ts). Tables sit at the bottom of the server's layers: the tenancy scope, the presenters and any
 * domain may query any of them (docs/decisions/009-tables-by-domain.md).
 */
export * from './activity';
export * from './alarms';
export * from './analytics';
export * from './api-tokens';
export * from './audit';
export * from './auth';
export * from './billing';
export * from './documents';
export * from './emergencies';
export * from './idempotency';
export * from './imports';
export * from './labor';
export * from './maintenance';
export * from './maintenance-plans';
export * from './notifications';
export * from './organizations';
export * from './parts';
export * from './performance';
export * from './photos';
export * from './procedures';
export * from './rate-limits';
export * from './reliability';
export * from './relief-valves';
export * from './requests';
export * from './sensor-readings';
export * from './signatures';
export * from './stored-files';
export * from './users';
export * from './valves';
export * from './webhooks';
export * from './work-orders';
