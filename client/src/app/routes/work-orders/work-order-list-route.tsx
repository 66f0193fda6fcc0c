import { ValvePicker } from '@/features/valves/components/valve-picker';
import { WorkOrderListScreen } from '@/features/work-orders/work-order-list-screen';

/** The work order list with the valve picker its new-work-order form needs (features do not import each other). */
export function WorkOrderListRoute() {
  return <WorkOrderListScreen valvePicker={ValvePicker} />;
}
