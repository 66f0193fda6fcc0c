/** The labor domain's door (issue 33): hours, rates and contractors on work orders (docs/decisions/111). */

export { laborRoutes } from './routes';
export { contractorCostsOf, laborCostLines, laborOfWorkOrder, laborOfWorkOrders, stampAllRates } from './service';
