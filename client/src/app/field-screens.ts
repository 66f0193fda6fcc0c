import { screen } from './lazy-screen';

/**
 * The screens a technician opens in the field, often with no signal: valves, work orders, what the device keeps.
 * They are chunks of their own, so the app's first screen does not wait for their code (on a phone's slow link it
 * was most of the first download), and they are fetched as soon as someone is signed in and the first screen has
 * its data (./field-screens-ahead.ts): from then on they open with no signal even before the service worker
 * has saved the app. A screen opened sooner than that loads on the spot, and one that cannot says so (ScreenError).
 */
export const FIELD_SCREENS = {
  valves: screen(() => import('@/features/valves/valve-list-screen'), 'ValveListScreen'),
  valve: screen(() => import('./routes/valves/valve-detail-screen'), 'ValveDetailScreen'),
  workOrders: screen(() => import('./routes/work-orders/work-order-list-route'), 'WorkOrderListRoute'),
  workOrder: screen(() => import('./routes/work-orders/work-order-detail-screen'), 'WorkOrderDetailScreen'),
  offline: screen(() => import('@/features/offline/offline-screen'), 'OfflineScreen'),
};
