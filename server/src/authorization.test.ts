import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parts, photos, procedures, stores, users, valveDocuments, valves, workOrders } from './db/schema';
import { createTestApp, PERSONAS, type Persona, type TestContext } from './testing/test-app';

let t: TestContext;
/** Records of the first organization: some in Power Plant A (the limited technician's plant), some elsewhere. */
const ids = {
  valveA: 0,
  valveElsewhere: 0,
  tagElsewhere: '',
  orderA: 0,
  completedA: 0,
  photoA: 0,
  documentA: 0,
  imageDocumentElsewhere: 0,
  orderPhotoOwner: 0,
  userId: 0,
  procedure: 0,
  part: 0,
  store: 0,
};

beforeAll(async () => {
  t = await createTestApp({ valves: 20 });
  const list = await t.db.select().from(valves).where(eq(valves.organizationId, 1)).orderBy(asc(valves.id));
  const inPlantA = list.find((v) => v.plant === 'Power Plant A');
  // A tag the other organization does not also use (it has 8 valves, V-001 to V-008).
  const elsewhere = list.find((v, i) => i >= 8 && v.plant !== 'Power Plant A');
  if (!inPlantA || !elsewhere) throw new Error('the test plant needs valves in and outside Power Plant A');
  ids.valveA = inPlantA.id;
  ids.valveElsewhere = elsewhere.id;
  ids.tagElsewhere = elsewhere.valveId;
  const [order] = await t.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(eq(valves.plant, 'Power Plant A'));
  ids.orderA = order.id;
  const [completed] = await t.db
    .select({ id: workOrders.id })
    .from(workOrders)
    .innerJoin(valves, eq(valves.id, workOrders.valveId))
    .where(and(eq(valves.plant, 'Power Plant A'), eq(workOrders.status, 'completed')));
  ids.completedA = completed.id;
  const [procedure] = await t.db.select({ id: procedures.id }).from(procedures).where(eq(procedures.organizationId, 1));
  ids.procedure = procedure.id;
  const [photo] = await t.db.select({ id: photos.id }).from(photos).where(eq(photos.valveId, ids.valveA));
  ids.photoA = photo.id;
  const [document] = await t.db
    .select({ id: valveDocuments.id })
    .from(valveDocuments)
    .innerJoin(valves, eq(valves.id, valveDocuments.valveId))
    .where(and(eq(valves.organizationId, 1), eq(valves.plant, 'Power Plant A')));
  ids.documentA = document.id;
  const [image] = await t.db
    .select({ id: valveDocuments.id })
    .from(valveDocuments)
    .innerJoin(valves, eq(valves.id, valveDocuments.valveId))
    .where(
      and(eq(valves.organizationId, 1), ne(valves.plant, 'Power Plant A'), eq(valveDocuments.contentType, 'image/png')),
    );
  ids.imageDocumentElsewhere = image.id;
  const [orderPhoto] = await t.db.select({ w: photos.workOrderId }).from(photos).where(isNotNull(photos.workOrderId));
  ids.orderPhotoOwner = orderPhoto.w ?? 0;
  const [grace] = await t.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.organizationId, 1), ne(users.role, 'admin'), eq(users.email, 'grace.lindqvist@northfield.example')),
    );
  ids.userId = grace.id;
  const [part] = await t.db
    .insert(parts)
    .values({ organizationId: 1, partNumber: 'AUTH-1', name: 'Packing set', unit: 'set' })
    .returning({ id: parts.id });
  ids.part = part.id;
  const [store] = await t.db
    .select({ id: stores.id })
    .from(stores)
    .where(eq(stores.organizationId, 1))
    .orderBy(asc(stores.id))
    .limit(1);
  ids.store = store.id;
});
afterAll(() => t.close());

type Expected = Record<Persona | 'none', number>;
const readable: Expected = {
  technician: 200,
  supervisor: 200,
  engineer: 200,
  admin: 200,
  limited: 200,
  otherOrganization: 200,
  none: 401,
};
/** A record of the first organization in Power Plant A: the other organization gets 404, as if it did not exist. */
const ownRecord: Expected = { ...readable, otherOrganization: 404 };
/** A record in another plant: also 404 for the technician limited to Power Plant A. */
const otherPlantRecord: Expected = { ...ownRecord, limited: 404 };
/** Valve editing: engineers and admins; an incomplete body is then 400, a stale version 409. */
const editors: Expected = {
  technician: 403,
  supervisor: 403,
  engineer: 400,
  admin: 400,
  limited: 403,
  otherOrganization: 404,
  none: 401,
};
/** Work every role does; the other organization cannot see the record (404). */
const everyoneWrites: Expected = {
  technician: 400,
  supervisor: 400,
  engineer: 400,
  admin: 400,
  limited: 400,
  otherOrganization: 404,
  none: 401,
};
const adminOnly: Expected = {
  technician: 403,
  supervisor: 403,
  engineer: 403,
  admin: 200,
  limited: 403,
  otherOrganization: 200,
  none: 401,
};

/** Every signed-in user is told the record is not there; without a session, 401. */
const notFoundForAll: Expected = {
  technician: 404,
  supervisor: 404,
  engineer: 404,
  admin: 404,
  limited: 404,
  otherOrganization: 404,
  none: 401,
};
/** Work requests' triage (`requests:triage`): supervisors and admins get `status`. */
const triagers = (status: number): Expected => ({
  technician: 403,
  supervisor: status,
  engineer: 403,
  admin: status,
  limited: 403,
  otherOrganization: status,
  none: 401,
});

/** Shelving alarms (`alarms:shelve`): supervisors, engineers and admins get `status`. */
const shelvers = (status: number): Expected => ({
  technician: 403,
  supervisor: status,
  engineer: status,
  admin: status,
  limited: 403,
  otherOrganization: status,
  none: 401,
});

/** Stores, the catalog, receipts and counts (`parts:manage`): `status` is what a manager's request gets. */
const partsManagers = (status: number): Expected => ({
  technician: 403,
  supervisor: status,
  engineer: status,
  admin: status,
  limited: 403,
  otherOrganization: status,
  none: 401,
});

type Row = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  route: string;
  url: () => string;
  body?: () => unknown;
  expect: Expected | 'public';
};

const table: Row[] = [
  { method: 'GET', route: '/api/auth/status', url: () => '/api/auth/status', expect: 'public' },
  {
    method: 'POST',
    route: '/api/auth/sign-in',
    url: () => '/api/auth/sign-in',
    body: () => ({ email: 'x@y.example', password: 'wrong' }),
    expect: 'public',
  },
  { method: 'POST', route: '/api/auth/sign-up', url: () => '/api/auth/sign-up', body: () => ({}), expect: 'public' },
  {
    method: 'POST',
    route: '/api/auth/accept-invite',
    url: () => '/api/auth/accept-invite',
    body: () => ({}),
    expect: 'public',
  },
  { method: 'POST', route: '/api/auth/sign-out', url: () => '/api/auth/sign-out', expect: 'public' },
  {
    method: 'GET',
    route: '/api/auth/verify-email',
    url: () => '/api/auth/verify-email?result=confirmed',
    expect: 'public',
  },
  {
    method: 'POST',
    route: '/api/auth/verify-email',
    url: () => '/api/auth/verify-email',
    body: () => ({ token: 'x'.repeat(43) }),
    expect: 'public',
  },
  { method: 'GET', route: '/api/auth/session', url: () => '/api/auth/session', expect: readable },
  { method: 'GET', route: '/api/users', url: () => '/api/users', expect: adminOnly },
  {
    method: 'POST',
    route: '/api/users',
    url: () => '/api/users',
    body: () => ({ name: 'N', email: `n${Math.random()}@x.example`, role: 'technician', password: 'long enough' }),
    expect: { ...adminOnly, admin: 201, otherOrganization: 201 },
  },
  {
    method: 'PATCH',
    route: '/api/users/{id}',
    url: () => `/api/users/${ids.userId}`,
    body: () => ({ version: 999, role: 'technician' }),
    expect: { ...adminOnly, admin: 409, otherOrganization: 404 },
  },
  { method: 'GET', route: '/api/api-tokens', url: () => '/api/api-tokens', expect: adminOnly },
  {
    method: 'POST',
    route: '/api/api-tokens',
    url: () => '/api/api-tokens',
    body: () => ({ name: 'Historian', scopes: ['read'] }),
    expect: { ...adminOnly, admin: 201, otherOrganization: 201 },
  },
  {
    method: 'DELETE',
    route: '/api/api-tokens/{id}',
    url: () => '/api/api-tokens/999999',
    expect: { ...adminOnly, admin: 404, otherOrganization: 404 },
  },
  { method: 'GET', route: '/api/webhooks', url: () => '/api/webhooks', expect: adminOnly },
  {
    method: 'POST',
    route: '/api/webhooks',
    url: () => '/api/webhooks',
    // A public address given as such: no name to resolve in the test.
    body: () => ({ url: 'https://203.0.113.10/hooks', events: ['work_order.created'] }),
    expect: { ...adminOnly, admin: 201, otherOrganization: 201 },
  },
  {
    method: 'DELETE',
    route: '/api/webhooks/{id}',
    url: () => '/api/webhooks/999999',
    expect: { ...adminOnly, admin: 404, otherOrganization: 404 },
  },
  {
    method: 'GET',
    route: '/api/webhooks/{id}/deliveries',
    url: () => '/api/webhooks/999999/deliveries',
    expect: { ...adminOnly, admin: 404, otherOrganization: 404 },
  },
  {
    method: 'POST',
    route: '/api/webhooks/deliveries/{id}/retry',
    url: () => '/api/webhooks/deliveries/999999/retry',
    expect: { ...adminOnly, admin: 404, otherOrganization: 404 },
  },
  { method: 'GET', route: '/api/plants', url: () => '/api/plants', expect: readable },
  {
    method: 'POST',
    route: '/api/plants',
    url: () => '/api/plants',
    body: () => ({}),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  {
    method: 'PATCH',
    route: '/api/plants/{id}',
    url: () => '/api/plants/1',
    body: () => ({}),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  { method: 'GET', route: '/api/plants/{id}/tree', url: () => '/api/plants/1/tree', expect: ownRecord },
  ...(
    [
      ['POST', '/api/plants/{id}/areas', '/api/plants/1/areas'],
      ['PATCH', '/api/plant-areas/{id}', '/api/plant-areas/1'],
      ['POST', '/api/plant-areas/{id}/systems', '/api/plant-areas/1/systems'],
      ['PATCH', '/api/plant-systems/{id}', '/api/plant-systems/1'],
    ] as const
  ).map(([method, route, url]) => ({
    method,
    route,
    url: () => url,
    body: () => ({}),
    expect: { ...editors, otherOrganization: 400 },
  })),
  ...(['/api/plant-areas/{id}', '/api/plant-systems/{id}'] as const).map((route) => ({
    method: 'DELETE' as const,
    route,
    url: () => route.replace('{id}', '999999'),
    expect: { ...editors, engineer: 404, admin: 404 },
  })),
  { method: 'GET', route: '/api/manufacturers', url: () => '/api/manufacturers', expect: readable },
  {
    method: 'POST',
    route: '/api/manufacturers/merge',
    url: () => '/api/manufacturers/merge',
    body: () => ({}),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  { method: 'GET', route: '/api/valve-types', url: () => '/api/valve-types', expect: readable },
  {
    method: 'POST',
    route: '/api/valve-types',
    url: () => '/api/valve-types',
    body: () => ({}),
    expect: { ...editors, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/organization/tag-pattern',
    url: () => '/api/organization/tag-pattern',
    expect: readable,
  },
  {
    method: 'PUT',
    route: '/api/organization/tag-pattern',
    url: () => '/api/organization/tag-pattern',
    body: () => ({}),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  { method: 'GET', route: '/api/dashboard/stats', url: () => '/api/dashboard/stats', expect: readable },
  { method: 'GET', route: '/api/dashboard/activities', url: () => '/api/dashboard/activities', expect: readable },
  { method: 'GET', route: '/api/valves', url: () => '/api/valves', expect: readable },
  { method: 'GET', route: '/api/valves/{id}', url: () => `/api/valves/${ids.valveA}`, expect: ownRecord },
  {
    method: 'GET',
    route: '/api/valves/{id}',
    url: () => `/api/valves/${ids.valveElsewhere}`,
    expect: otherPlantRecord,
  },
  {
    method: 'GET',
    route: '/api/valves/valve-id/{valveId}',
    url: () => `/api/valves/valve-id/${ids.tagElsewhere}`,
    expect: otherPlantRecord,
  },
  {
    method: 'GET',
    route: '/api/maintenance-records',
    url: () => `/api/maintenance-records?valveId=${ids.valveA}`,
    expect: ownRecord,
  },
  {
    method: 'GET',
    route: '/api/maintenance-records',
    url: () => `/api/maintenance-records?valveId=${ids.valveElsewhere}`,
    expect: otherPlantRecord,
  },
  { method: 'GET', route: '/api/photos', url: () => `/api/photos?valveId=${ids.valveA}`, expect: ownRecord },
  {
    method: 'GET',
    route: '/api/photos',
    url: () => `/api/photos?valveId=${ids.valveElsewhere}`,
    expect: otherPlantRecord,
  },
  { method: 'GET', route: '/api/photos/{id}/image', url: () => `/api/photos/${ids.photoA}/image`, expect: ownRecord },
  {
    method: 'GET',
    route: '/api/valves/{id}/documents',
    url: () => `/api/valves/${ids.valveA}/documents`,
    expect: ownRecord,
  },
  {
    method: 'GET',
    route: '/api/valves/{id}/documents',
    url: () => `/api/valves/${ids.valveElsewhere}/documents`,
    expect: otherPlantRecord,
  },
  {
    method: 'GET',
    route: '/api/documents/{id}/file',
    url: () => `/api/documents/${ids.documentA}/file`,
    expect: ownRecord,
  },
  {
    method: 'GET',
    route: '/api/documents/{id}/thumbnail',
    url: () => `/api/documents/${ids.imageDocumentElsewhere}/thumbnail`,
    expect: otherPlantRecord,
  },
  { method: 'GET', route: '/api/work-orders', url: () => '/api/work-orders', expect: readable },
  { method: 'GET', route: '/api/work-orders/{id}', url: () => `/api/work-orders/${ids.orderA}`, expect: ownRecord },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/sign-off',
    url: () => `/api/work-orders/${ids.orderA}/sign-off`,
    expect: ownRecord,
  },
  { method: 'GET', route: '/api/users/assignees', url: () => '/api/users/assignees', expect: readable },
  { method: 'GET', route: '/api/analytics/dashboard', url: () => '/api/analytics/dashboard', expect: readable },
  {
    method: 'GET',
    route: '/api/analytics/sensor-readings',
    url: () => '/api/analytics/sensor-readings',
    expect: readable,
  },
  {
    method: 'GET',
    route: '/api/analytics/sensor-readings',
    url: () => `/api/analytics/sensor-readings?valveId=${ids.valveElsewhere}`,
    expect: otherPlantRecord,
  },
  { method: 'GET', route: '/api/analytics/predictive', url: () => '/api/analytics/predictive', expect: readable },
  {
    method: 'GET',
    route: '/api/analytics/performance-metrics',
    url: () => '/api/analytics/performance-metrics',
    expect: readable,
  },
  {
    method: 'GET',
    route: '/api/analytics/valves/{id}',
    url: () => `/api/analytics/valves/${ids.valveA}`,
    expect: ownRecord,
  },
  {
    method: 'GET',
    route: '/api/analytics/valves/{id}',
    url: () => `/api/analytics/valves/${ids.valveElsewhere}`,
    expect: otherPlantRecord,
  },
  {
    method: 'GET',
    route: '/api/manuals/{id}/pdf',
    url: () => '/api/manuals/ball-valve-om/pdf',
    expect: readable,
  },
  {
    method: 'GET',
    route: '/api/performance/system-health',
    url: () => '/api/performance/system-health',
    expect: readable,
  },
  { method: 'GET', route: '/api/performance/benchmarks', url: () => '/api/performance/benchmarks', expect: readable },
  // Writes: the body is deliberately incomplete, so an allowed caller gets 400 (passed the checks) and writes nothing.
  {
    method: 'POST',
    route: '/api/valves',
    url: () => '/api/valves',
    body: () => ({}),
    expect: { ...editors, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/imports/valves/template',
    url: () => '/api/imports/valves/template',
    expect: { ...editors, engineer: 200, admin: 200, otherOrganization: 200 },
  },
  {
    method: 'POST',
    route: '/api/imports/valves',
    url: () => '/api/imports/valves',
    body: () => ({}),
    expect: { ...editors, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/imports/relief-tags/template',
    url: () => '/api/imports/relief-tags/template',
    expect: { ...editors, engineer: 200, admin: 200, otherOrganization: 200 },
  },
  {
    method: 'POST',
    route: '/api/imports/relief-tags',
    url: () => '/api/imports/relief-tags',
    body: () => ({}),
    expect: { ...editors, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/imports/relief-devices/template',
    url: () => '/api/imports/relief-devices/template',
    expect: { ...editors, engineer: 200, admin: 200, otherOrganization: 200 },
  },
  {
    method: 'POST',
    route: '/api/imports/relief-devices',
    url: () => '/api/imports/relief-devices',
    body: () => ({}),
    expect: { ...editors, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/imports/plans/template',
    url: () => '/api/imports/plans/template',
    expect: { ...adminOnly, supervisor: 200, engineer: 200 },
  },
  {
    method: 'POST',
    route: '/api/imports/plans',
    url: () => '/api/imports/plans',
    body: () => ({}),
    expect: { ...editors, supervisor: 400, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/imports/users/template',
    url: () => '/api/imports/users/template',
    expect: adminOnly,
  },
  {
    method: 'POST',
    route: '/api/imports/users',
    url: () => '/api/imports/users',
    body: () => ({}),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  {
    method: 'PATCH',
    route: '/api/valves/{id}',
    url: () => `/api/valves/${ids.valveA}`,
    body: () => ({ version: 999 }),
    expect: { ...editors, engineer: 409, admin: 409 },
  },
  {
    method: 'POST',
    route: '/api/valves/{id}/decommission',
    url: () => `/api/valves/${ids.valveA}/decommission`,
    body: () => ({ version: 999, reason: 'test' }),
    expect: { ...editors, engineer: 409, admin: 409 },
  },
  {
    method: 'POST',
    route: '/api/work-orders',
    url: () => '/api/work-orders',
    body: () => ({ valveId: ids.valveA }),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'PATCH',
    route: '/api/work-orders/{id}',
    url: () => `/api/work-orders/${ids.orderA}`,
    body: () => ({ version: 999 }),
    expect: { ...everyoneWrites, technician: 409, supervisor: 409, engineer: 409, admin: 409, limited: 409 },
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/status',
    url: () => `/api/work-orders/${ids.orderA}/status`,
    body: () => ({ version: 999, status: 'in_progress' }),
    expect: { ...everyoneWrites, technician: 409, supervisor: 409, engineer: 409, admin: 409, limited: 409 },
  },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/labor',
    url: () => `/api/work-orders/${ids.orderA}/labor`,
    expect: ownRecord,
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/labor',
    url: () => `/api/work-orders/${ids.orderA}/labor`,
    body: () => ({ minutes: 5 }),
    expect: { ...everyoneWrites, technician: 201, supervisor: 201, engineer: 201, admin: 201, limited: 201 },
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/labor/timer',
    url: () => `/api/work-orders/${ids.orderA}/labor/timer`,
    body: () => ({}),
    expect: { ...everyoneWrites, technician: 201, supervisor: 201, engineer: 201, admin: 201, limited: 201 },
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/labor/timer/stop',
    url: () => `/api/work-orders/${ids.orderA}/labor/timer/stop`,
    body: () => ({}),
    expect: { ...everyoneWrites, technician: 200, supervisor: 200, engineer: 200, admin: 200, limited: 200 },
  },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/contractor-costs',
    url: () => `/api/work-orders/${ids.orderA}/contractor-costs`,
    expect: ownRecord,
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/contractor-costs',
    url: () => `/api/work-orders/${ids.orderA}/contractor-costs`,
    body: () => ({ supplier: 'Gulf Valve Services', invoiceNumber: 'INV-1', amount: 10 }),
    expect: { ...everyoneWrites, technician: 403, supervisor: 201, engineer: 403, admin: 201, limited: 403 },
  },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/cost',
    url: () => `/api/work-orders/${ids.orderA}/cost`,
    expect: ownRecord,
  },
  {
    method: 'GET',
    route: '/api/valves/{id}/costs',
    url: () => `/api/valves/${ids.valveElsewhere}/costs`,
    expect: otherPlantRecord,
  },
  {
    method: 'GET',
    route: '/api/reports/costs',
    url: () => '/api/reports/costs',
    expect: { ...adminOnly, supervisor: 200, engineer: 200 },
  },
  {
    method: 'GET',
    route: '/api/labor-rates',
    url: () => '/api/labor-rates',
    expect: { ...adminOnly, supervisor: 200 },
  },
  {
    method: 'POST',
    route: '/api/labor-rates',
    url: () => '/api/labor-rates',
    body: () => ({}),
    expect: { ...adminOnly, supervisor: 400, admin: 400, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/notes',
    url: () => `/api/work-orders/${ids.orderA}/notes`,
    body: () => ({ text: 'Checked by the authorization test' }),
    expect: { ...everyoneWrites, technician: 201, supervisor: 201, engineer: 201, admin: 201, limited: 201 },
  },
  {
    method: 'POST',
    route: '/api/maintenance-records',
    url: () => '/api/maintenance-records',
    body: () => ({ valveId: ids.valveA, type: 'note' }),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/analytics/predictive/{id}',
    url: () => `/api/analytics/predictive/${ids.valveA}`,
    expect: { ...editors, supervisor: 200, engineer: 200, admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/sensor-readings',
    url: () => '/api/sensor-readings',
    body: () => ({}),
    expect: { ...editors, supervisor: 400, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/sensor-readings/bulk',
    url: () => '/api/sensor-readings/bulk',
    body: () => ({}),
    expect: { ...editors, supervisor: 400, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/sensor-readings/import-mappings',
    url: () => '/api/sensor-readings/import-mappings',
    expect: {
      technician: 403,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 403,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'PUT',
    route: '/api/sensor-readings/import-mappings',
    url: () => '/api/sensor-readings/import-mappings',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/photos',
    url: () => '/api/photos',
    body: () => ({}),
    expect: {
      ...everyoneWrites,
      technician: 415,
      supervisor: 415,
      engineer: 415,
      admin: 415,
      limited: 415,
      otherOrganization: 415,
    },
  },
  {
    method: 'POST',
    route: '/api/valves/{id}/documents',
    url: () => `/api/valves/${ids.valveA}/documents`,
    body: () => ({}),
    expect: {
      ...everyoneWrites,
      technician: 415,
      supervisor: 415,
      engineer: 415,
      admin: 415,
      limited: 415,
      otherOrganization: 415,
    },
  },
  {
    method: 'DELETE',
    route: '/api/documents/{id}',
    url: () => `/api/documents/${ids.documentA}`,
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'DELETE',
    route: '/api/photos/{id}',
    url: () => `/api/photos/${ids.photoA}`,
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  { method: 'GET', route: '/api/billing/config', url: () => '/api/billing/config', expect: 'public' },
  {
    method: 'POST',
    route: '/api/create-payment-intent',
    url: () => '/api/create-payment-intent',
    body: () => ({}),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/create-subscription',
    url: () => '/api/create-subscription',
    body: () => ({}),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/billing/sandbox/confirm',
    url: () => '/api/billing/sandbox/confirm',
    body: () => ({}),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  { method: 'GET', route: '/api/billing/account', url: () => '/api/billing/account', expect: adminOnly },
  { method: 'GET', route: '/api/billing/downloads', url: () => '/api/billing/downloads', expect: readable },
  {
    method: 'GET',
    route: '/api/billing/downloads/{productId}',
    url: () => '/api/billing/downloads/emergency-kit',
    expect: readable,
  },
  {
    method: 'POST',
    route: '/api/billing/webhook',
    url: () => '/api/billing/webhook',
    body: () => ({}),
    expect: 'public',
  },
  { method: 'GET', route: '/api/procedures', url: () => '/api/procedures', expect: readable },
  {
    method: 'POST',
    route: '/api/procedures',
    url: () => '/api/procedures',
    body: () => ({}),
    expect: { ...editors, otherOrganization: 400 },
  },
  { method: 'GET', route: '/api/procedures/{id}', url: () => `/api/procedures/${ids.procedure}`, expect: ownRecord },
  {
    method: 'PUT',
    route: '/api/procedures/{id}',
    url: () => `/api/procedures/${ids.procedure}`,
    body: () => ({}),
    expect: { ...editors, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/procedures',
    url: () => `/api/work-orders/${ids.orderA}/procedures`,
    expect: ownRecord,
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/procedures',
    url: () => `/api/work-orders/${ids.orderA}/procedures`,
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'PUT',
    route: '/api/procedure-runs/{runId}/steps/{stepKey}',
    url: () => '/api/procedure-runs/2147483647/steps/seal',
    body: () => ({}),
    expect: {
      technician: 404,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 404,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/procedure-runs/{runId}/steps/{stepKey}/photo',
    url: () => '/api/procedure-runs/2147483647/steps/seal/photo',
    body: () => ({}),
    expect: {
      technician: 404,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 404,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/signatures',
    url: () => `/api/signatures?entityType=work_order&entityId=${ids.orderA}`,
    expect: ownRecord,
  },
  {
    method: 'POST',
    route: '/api/signatures',
    url: () => '/api/signatures',
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/signing-keys',
    url: () => '/api/signing-keys',
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'GET',
    route: '/api/signing-keys',
    url: () => '/api/signing-keys',
    expect: readable,
  },
  {
    method: 'DELETE',
    route: '/api/signing-keys/{id}',
    url: () => '/api/signing-keys/2147483647',
    expect: notFoundForAll,
  },
  {
    method: 'GET',
    route: '/api/sign-off-rules',
    url: () => '/api/sign-off-rules',
    expect: readable,
  },
  {
    method: 'PUT',
    route: '/api/sign-off-rules',
    url: () => '/api/sign-off-rules',
    body: () => ({ urgent: [] }),
    expect: { ...adminOnly, admin: 400, otherOrganization: 400 },
  },
  ...(['approve', 'close'] as const).map((stage) => ({
    method: 'POST' as const,
    route: `/api/work-orders/{id}/${stage}`,
    url: () => `/api/work-orders/${ids.completedA}/${stage}`,
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  })),
  {
    method: 'GET',
    route: '/api/history/{entity}/{id}',
    url: () => `/api/history/work-orders/${ids.orderA}`,
    expect: ownRecord,
  },
  { method: 'GET', route: '/api/audit/verify', url: () => '/api/audit/verify', expect: adminOnly },
  // Whoever reads a list may export it, in their scope; the organization's whole trail is the admins'.
  { method: 'GET', route: '/api/exports/{kind}', url: () => '/api/exports/work-orders', expect: readable },
  { method: 'GET', route: '/api/exports/{kind}', url: () => '/api/exports/audit?format=xlsx', expect: adminOnly },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/report.pdf',
    url: () => `/api/work-orders/${ids.completedA}/report.pdf`,
    expect: ownRecord,
  },
  {
    method: 'GET',
    route: '/api/reports/monthly.pdf',
    url: () => '/api/reports/monthly.pdf?month=2026-11',
    expect: readable,
  },
  { method: 'GET', route: '/api/emergencies', url: () => '/api/emergencies', expect: readable },
  {
    method: 'POST',
    route: '/api/emergencies',
    url: () => '/api/emergencies',
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/emergencies/{id}/clear',
    url: () => '/api/emergencies/999999/clear',
    body: () => ({ note: 'Area safe again' }),
    expect: { ...adminOnly, supervisor: 404, admin: 404, otherOrganization: 404 },
  },
  { method: 'GET', route: '/api/notifications', url: () => '/api/notifications', expect: readable },
  {
    method: 'POST',
    route: '/api/notifications/{id}/read',
    url: () => '/api/notifications/999999/read',
    body: () => ({}),
    expect: { ...ownRecord, technician: 404, supervisor: 404, engineer: 404, admin: 404, limited: 404 },
  },
  {
    method: 'POST',
    route: '/api/notifications/read-all',
    url: () => '/api/notifications/read-all',
    body: () => ({}),
    expect: readable,
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/cancel',
    url: () => `/api/work-orders/${ids.orderA}/cancel`,
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 403,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/offline/changes',
    url: () => '/api/offline/changes',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/offline/estimate',
    url: () => '/api/offline/estimate',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/maintenance-plans',
    url: () => '/api/maintenance-plans',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/maintenance-plans',
    url: () => '/api/maintenance-plans',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/maintenance-plans/forecast',
    url: () => '/api/maintenance-plans/forecast',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/maintenance-plans/{id}',
    url: () => '/api/maintenance-plans/2147483647',
    expect: {
      technician: 404,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 404,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'PATCH',
    route: '/api/maintenance-plans/{id}',
    url: () => '/api/maintenance-plans/2147483647',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'DELETE',
    route: '/api/maintenance-plans/{id}',
    url: () => '/api/maintenance-plans/2147483647',
    expect: {
      technician: 403,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 403,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/summary',
    url: () => '/api/relief-valves/summary',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/tags',
    url: () => '/api/relief-valves/tags',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/tags',
    url: () => '/api/relief-valves/tags',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 403,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'PATCH',
    route: '/api/relief-valves/tags/{id}',
    url: () => '/api/relief-valves/tags/2147483647',
    body: () => ({ version: 1 }),
    expect: {
      technician: 403,
      supervisor: 403,
      engineer: 404,
      admin: 404,
      limited: 403,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/tags/{id}',
    url: () => '/api/relief-valves/tags/2147483647',
    expect: {
      technician: 404,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 404,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/tags/{id}/sheet.pdf',
    url: () => '/api/relief-valves/tags/2147483647/sheet.pdf',
    expect: {
      technician: 404,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 404,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/tags/{id}/install',
    url: () => '/api/relief-valves/tags/2147483647/install',
    body: () => ({}),
    expect: {
      technician: 400,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 400,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/tags/{id}/remove',
    url: () => '/api/relief-valves/tags/2147483647/remove',
    body: () => ({}),
    expect: {
      technician: 400,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 400,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/devices',
    url: () => '/api/relief-valves/devices',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/devices',
    url: () => '/api/relief-valves/devices',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 403,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/devices/{id}',
    url: () => '/api/relief-valves/devices/2147483647',
    expect: {
      technician: 404,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 404,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'PATCH',
    route: '/api/relief-valves/devices/{id}',
    url: () => '/api/relief-valves/devices/2147483647',
    body: () => ({ version: 1 }),
    expect: {
      technician: 403,
      supervisor: 403,
      engineer: 404,
      admin: 404,
      limited: 403,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/test-options',
    url: () => '/api/relief-valves/test-options',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/tests',
    url: () => '/api/relief-valves/tests',
    body: () => ({}),
    expect: {
      technician: 400,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 400,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'PATCH',
    route: '/api/relief-valves/tests/{id}',
    url: () => '/api/relief-valves/tests/2147483647',
    body: () => ({}),
    expect: {
      technician: 400,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 400,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/tests/{id}',
    url: () => '/api/relief-valves/tests/2147483647',
    expect: {
      technician: 404,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 404,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/tests/{id}/submit',
    url: () => '/api/relief-valves/tests/2147483647/submit',
    body: () => ({}),
    expect: {
      technician: 400,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 400,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/tests/{id}/override',
    url: () => '/api/relief-valves/tests/2147483647/override',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 403,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/tests/{id}/accept-nameplate',
    url: () => '/api/relief-valves/tests/2147483647/accept-nameplate',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 403,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/tests/{id}/certificate.pdf',
    url: () => '/api/relief-valves/tests/2147483647/certificate.pdf',
    expect: {
      technician: 404,
      supervisor: 404,
      engineer: 404,
      admin: 404,
      limited: 404,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/certificates',
    url: () => '/api/relief-valves/certificates',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/certificates',
    url: () => '/api/relief-valves/certificates',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 403,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/qualifications',
    url: () => '/api/relief-valves/qualifications',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/qualifications',
    url: () => '/api/relief-valves/qualifications',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 403,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/relief-valves/instruments',
    url: () => '/api/relief-valves/instruments',
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 200,
      none: 401,
    },
  },
  {
    method: 'POST',
    route: '/api/relief-valves/instruments',
    url: () => '/api/relief-valves/instruments',
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 403,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/analytics/valves/{id}/anomalies',
    url: () => `/api/analytics/valves/${ids.valveA}/anomalies`,
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/analytics/valves/{id}/channels',
    url: () => `/api/analytics/valves/${ids.valveA}/channels`,
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'GET',
    route: '/api/valves/{id}/reference-period',
    url: () => `/api/valves/${ids.valveA}/reference-period`,
    expect: {
      technician: 200,
      supervisor: 200,
      engineer: 200,
      admin: 200,
      limited: 200,
      otherOrganization: 404,
      none: 401,
    },
  },
  {
    method: 'PUT',
    route: '/api/valves/{id}/reference-period',
    url: () => `/api/valves/${ids.valveA}/reference-period`,
    body: () => ({}),
    expect: {
      technician: 403,
      supervisor: 400,
      engineer: 400,
      admin: 400,
      limited: 403,
      otherOrganization: 400,
      none: 401,
    },
  },
  { method: 'GET', route: '/api/stores', url: () => '/api/stores', expect: readable },
  { method: 'POST', route: '/api/stores', url: () => '/api/stores', body: () => ({}), expect: partsManagers(400) },
  {
    method: 'PATCH',
    route: '/api/stores/{id}',
    url: () => `/api/stores/${ids.store}`,
    body: () => ({}),
    expect: partsManagers(400),
  },
  { method: 'GET', route: '/api/parts', url: () => '/api/parts', expect: readable },
  { method: 'POST', route: '/api/parts', url: () => '/api/parts', body: () => ({}), expect: partsManagers(400) },
  { method: 'GET', route: '/api/parts/reorder', url: () => '/api/parts/reorder', expect: readable },
  { method: 'GET', route: '/api/parts/{id}', url: () => `/api/parts/${ids.part}`, expect: ownRecord },
  {
    method: 'PATCH',
    route: '/api/parts/{id}',
    url: () => `/api/parts/${ids.part}`,
    body: () => ({ version: 999, name: 'Stale' }),
    expect: { ...partsManagers(409), otherOrganization: 404 },
  },
  {
    method: 'POST',
    route: '/api/parts/{id}/receipts',
    url: () => `/api/parts/${ids.part}/receipts`,
    body: () => ({}),
    expect: partsManagers(400),
  },
  {
    method: 'POST',
    route: '/api/parts/{id}/adjustments',
    url: () => `/api/parts/${ids.part}/adjustments`,
    body: () => ({}),
    expect: partsManagers(400),
  },
  {
    method: 'GET',
    route: '/api/parts/{id}/movements',
    url: () => `/api/parts/${ids.part}/movements`,
    expect: ownRecord,
  },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/parts',
    url: () => `/api/work-orders/${ids.orderA}/parts`,
    expect: ownRecord,
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/parts',
    url: () => `/api/work-orders/${ids.orderA}/parts`,
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/parts/{lineId}/issue',
    url: () => `/api/work-orders/${ids.orderA}/parts/1/issue`,
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/parts/{lineId}/return',
    url: () => `/api/work-orders/${ids.orderA}/parts/1/return`,
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  { method: 'GET', route: '/api/failure-codes', url: () => '/api/failure-codes', expect: readable },
  {
    method: 'POST',
    route: '/api/failure-codes',
    url: () => '/api/failure-codes',
    body: () => ({}),
    expect: partsManagers(400),
  },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/failure',
    url: () => `/api/work-orders/${ids.orderA}/failure`,
    expect: ownRecord,
  },
  {
    method: 'PUT',
    route: '/api/work-orders/{id}/failure',
    url: () => `/api/work-orders/${ids.completedA}/failure`,
    body: () => ({}),
    expect: partsManagers(400),
  },
  {
    method: 'GET',
    route: '/api/work-orders/{id}/downtime',
    url: () => `/api/work-orders/${ids.orderA}/downtime`,
    expect: ownRecord,
  },
  {
    method: 'POST',
    route: '/api/work-orders/{id}/downtime',
    url: () => `/api/work-orders/${ids.orderA}/downtime`,
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400 },
  },
  {
    method: 'DELETE',
    route: '/api/work-orders/{id}/downtime/{downtimeId}',
    url: () => `/api/work-orders/${ids.orderA}/downtime/999999`,
    expect: { ...everyoneWrites, technician: 404, supervisor: 404, engineer: 404, admin: 404, limited: 404 },
  },
  { method: 'GET', route: '/api/reliability/valves', url: () => '/api/reliability/valves', expect: readable },
  { method: 'GET', route: '/api/reliability/bad-actors', url: () => '/api/reliability/bad-actors', expect: readable },
  { method: 'GET', route: '/api/reliability/groups', url: () => '/api/reliability/groups', expect: readable },
  {
    method: 'GET',
    route: '/api/valves/{id}/failures',
    url: () => `/api/valves/${ids.valveElsewhere}/failures`,
    expect: otherPlantRecord,
  },
  {
    method: 'POST',
    route: '/api/requests',
    url: () => '/api/requests',
    body: () => ({}),
    expect: { ...everyoneWrites, otherOrganization: 400, none: 400 },
  },
  {
    method: 'GET',
    route: '/api/requests/labels/{token}',
    url: () => '/api/requests/labels/no-such-label',
    expect: { ...notFoundForAll, none: 404 },
  },
  {
    method: 'GET',
    route: '/api/requests/status/{token}',
    url: () => '/api/requests/status/no-such-link',
    expect: { ...notFoundForAll, none: 404 },
  },
  { method: 'GET', route: '/api/requests', url: () => '/api/requests', expect: readable },
  {
    method: 'GET',
    route: '/api/requests/{id}/photo',
    url: () => '/api/requests/999999/photo',
    expect: notFoundForAll,
  },
  {
    method: 'POST',
    route: '/api/requests/{id}/approve',
    url: () => '/api/requests/999999/approve',
    body: () => ({}),
    expect: { ...triagers(404), otherOrganization: 404 },
  },
  {
    method: 'POST',
    route: '/api/requests/{id}/merge',
    url: () => '/api/requests/999999/merge',
    body: () => ({}),
    expect: triagers(400),
  },
  {
    method: 'POST',
    route: '/api/requests/{id}/reject',
    url: () => '/api/requests/999999/reject',
    body: () => ({}),
    expect: triagers(400),
  },
  {
    method: 'GET',
    route: '/api/request-links',
    url: () => `/api/request-links?plant=${encodeURIComponent('Gas Plant B')}`,
    expect: readable,
  },
  {
    method: 'GET',
    route: '/api/valves/{id}/request-link',
    url: () => `/api/valves/${ids.valveElsewhere}/request-link`,
    expect: otherPlantRecord,
  },
  { method: 'GET', route: '/api/manuals', url: () => '/api/manuals', expect: readable },
  { method: 'GET', route: '/api/alarms', url: () => '/api/alarms', expect: readable },
  { method: 'GET', route: '/api/alarms/performance', url: () => '/api/alarms/performance', expect: readable },
  { method: 'GET', route: '/api/alarms/performance.csv', url: () => '/api/alarms/performance.csv', expect: readable },
  {
    method: 'POST',
    route: '/api/alarms/{id}/acknowledge',
    url: () => '/api/alarms/999999/acknowledge',
    expect: notFoundForAll,
  },
  {
    method: 'POST',
    route: '/api/alarms/{id}/shelve',
    url: () => '/api/alarms/999999/shelve',
    body: () => ({}),
    expect: shelvers(400),
  },
  {
    method: 'POST',
    route: '/api/alarms/{id}/unshelve',
    url: () => '/api/alarms/999999/unshelve',
    expect: shelvers(404),
  },
  {
    method: 'POST',
    route: '/api/alarms/{id}/work-order',
    url: () => '/api/alarms/999999/work-order',
    body: () => ({}),
    expect: notFoundForAll,
  },
];

const personas: (Persona | 'none')[] = [...(Object.keys(PERSONAS) as Persona[]), 'none'];

describe('authorization of every endpoint', () => {
  it('lists every route of the API in the table', async () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const routes = Object.entries(paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const covered = new Set(table.map((r) => `${r.method} ${r.route}`));
    expect(routes.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const row of table) {
    const name = `${row.method} ${row.url.toString().replace(/^\(\) => /, '')}`;
    it.each(personas)(`${name} as %s`, async (persona) => {
      // A public route is checked without a session: that is what public means (and sign-out must not end the personas').
      const anonymous = persona === 'none' || row.expect === 'public';
      const headers = anonymous ? {} : { cookie: await t.cookie(persona) };
      const res = await t.app.inject({ method: row.method, url: row.url(), headers, payload: row.body?.() as object });
      if (row.expect === 'public') {
        // The address link's page is HTML (modules/auth/routes.ts); every other answer is JSON.
        if (!String(res.headers['content-type']).startsWith('text/html'))
          expect(res.json()).not.toEqual({ message: 'Sign in to continue.' });
        expect(res.statusCode).toBeLessThan(500);
      } else {
        expect(res.statusCode, res.body).toBe(row.expect[persona]);
        if (res.statusCode === 401) expect(res.json()).toEqual({ message: 'Sign in to continue.' });
        if (res.statusCode === 403) expect(res.json().message).toMatch(/^Your role \(\w+\) may not do this\.$/);
      }
    });
  }

  it('lets the limited technician see the work-order photos of their plant only', async () => {
    const res = await t.get(`/api/photos?workOrderId=${ids.orderPhotoOwner}`, 'limited');
    const [order] = await t.db
      .select({ plant: valves.plant })
      .from(workOrders)
      .innerJoin(valves, eq(valves.id, workOrders.valveId))
      .where(eq(workOrders.id, ids.orderPhotoOwner));
    expect(res.statusCode).toBe(order.plant === 'Power Plant A' ? 200 : 404);
  });
});
