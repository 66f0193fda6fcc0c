/**
 * The landing page's longer copy (spec §2.20). The claims tests assert (the statics of spec §9, the trial,
 * the tab names) live in common/texts.ts; this is the prose around them.
 */
import { BarChart3, BookOpen, ClipboardList, Database, type LucideIcon, QrCode, WifiOff } from 'lucide-react';

export const PROBLEMS: { title: string; body: string }[] = [
  {
    title: 'Records scattered across binders and spreadsheets',
    body: "The last repack date of a safety relief valve lives in one binder, its torque values in another, and the work order in someone's inbox.",
  },
  {
    title: 'Failures found only when a valve sticks',
    body: 'Without trends from pressure, temperature and vibration readings, the first sign of a failing seat is an unplanned shutdown.',
  },
  {
    title: 'No signal where the work happens',
    body: 'Pipe racks, basements and containment buildings block the network, so technicians work from memory and type it up later.',
  },
];

export const FEATURES: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Database,
    title: 'Valve database',
    body: 'Every valve with its type, size, pressure class, plant, system and status; filter by plant, type and status.',
  },
  {
    icon: ClipboardList,
    title: 'Work orders',
    body: 'Raise work against a valve, assign it, track it from Ready to Completed, with findings and actions recorded.',
  },
  {
    icon: BookOpen,
    title: 'Technical manuals',
    body: 'Operating, installation, maintenance and safety documents for each valve, to ASME, API and National Board codes.',
  },
  {
    icon: BarChart3,
    title: 'Predictive analytics',
    body: 'Health scores, failure probability and anomalies from sensor readings, so maintenance happens before the failure.',
  },
  {
    icon: QrCode,
    title: 'QR valve lookup',
    body: 'Scan the tag on the valve to open its record, history and manual in a second.',
  },
  {
    icon: WifiOff,
    title: 'Works offline',
    body: 'Reads are kept on the device and changes queue up, then sync on their own when the connection returns.',
  },
];

export const DEMOS = {
  dashboard: {
    to: '/app',
    link: 'Open the dashboard',
    body: "Active work orders, overdue items, today's inspections and the completion rate at a glance, with the valves and work that need attention first.",
    lines: ['Active Work Orders', 'Overdue Items', 'Inspections Today', 'Completion Rate'],
  },
  manuals: {
    to: '/manuals',
    link: 'Browse the manuals',
    body: 'The valve and nozzle manuals library, searchable by text, category and standard (ASME, API, National Board, NFPA, ISO).',
    lines: ['Operation', 'Maintenance', 'Installation', 'Safety'],
  },
  analytics: {
    to: '/analytics',
    link: 'Explore predictive analytics',
    body: 'Health scores and risk levels for every valve, predicted failures and the maintenance coming up, from live sensor readings.',
    lines: ['Average health score', 'Predicted failures', 'At-risk valves', 'Upcoming maintenance'],
  },
} as const;

export const TESTIMONIALS: { quote: string; who: string }[] = [
  {
    quote:
      'Our technicians open the valve record by scanning the tag, in the field, with gloves on. The paperwork after a shift is gone.',
    who: 'Maintenance supervisor, combined-cycle power plant',
  },
  {
    quote:
      'The health scores flagged two control valves with rising vibration weeks before our next outage. We planned the work instead of reacting to it.',
    who: 'Reliability engineer, chemical plant',
  },
  {
    quote:
      'Half our site has no signal. Work orders written in the tank farm sync when the technician walks back to the control room.',
    who: 'Maintenance planner, refinery',
  },
];
