import type { USER_ROLES } from './constants';

export type Role = (typeof USER_ROLES)[number];

/**
 * Who may do what (docs/permissions.md explains each line). Reading the organization's data is every role's;
 * the rest is granted per role here, checked by the server on every write and used by the client to hide what
 * a user may not do.
 */
export const PERMISSIONS = {
  'work-orders:create': ['technician', 'supervisor', 'engineer', 'admin'],
  'work-orders:work': ['technician', 'supervisor', 'engineer', 'admin'],
  'work-orders:assign': ['supervisor', 'admin'],
  'work-orders:complete': ['technician', 'supervisor', 'admin'],
  'work-orders:cancel': ['supervisor', 'admin'],
  'maintenance:record': ['technician', 'supervisor', 'engineer', 'admin'],
  'valves:edit': ['engineer', 'admin'],
  'procedures:edit': ['engineer', 'admin'],
  'records:approve': ['supervisor', 'engineer', 'admin'],
  'plans:edit': ['supervisor', 'engineer', 'admin'],
  'manuals:edit': ['engineer', 'admin'],
  'analytics:run': ['supervisor', 'engineer', 'admin'],
  'readings:write': ['supervisor', 'engineer', 'admin'],
  'users:manage': ['admin'],
  'api-tokens:manage': ['admin'],
  'webhooks:manage': ['admin'],
  'plants:manage': ['admin'],
  'valve-types:add': ['engineer', 'admin'],
  'billing:manage': ['admin'],
  'emergencies:clear': ['supervisor', 'admin'],
  'relief-valves:test': ['technician', 'supervisor', 'engineer', 'admin'],
  'relief-valves:review': ['engineer', 'admin'],
  'relief-valves:certify': ['supervisor', 'admin'],
  'parts:manage': ['supervisor', 'engineer', 'admin'],
  'labor:rates': ['supervisor', 'admin'],
  'costs:report': ['supervisor', 'engineer', 'admin'],
  'failures:code': ['supervisor', 'engineer', 'admin'],
  'requests:triage': ['supervisor', 'admin'],
  'alarms:acknowledge': ['technician', 'supervisor', 'engineer', 'admin'],
  'alarms:shelve': ['supervisor', 'engineer', 'admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof PERMISSIONS;

export function can(role: string, action: Action): boolean {
  return (PERMISSIONS[action] as readonly string[]).includes(role);
}
