/** The costs domain's door (issue 33): what work orders, valves and plants cost (docs/decisions/111). */

export { costRoutes } from './routes';
export {
  type CostLines,
  type CostsOf,
  costOfNewWorkOrder,
  costOfWorkOrder,
  costsOfWorkOrders,
  periodOf,
} from './service';
