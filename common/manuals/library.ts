import type { Manual } from '../schemas/manuals';
import { NOZZLE_MANUALS } from './nozzle-manuals';

/**
 * The built-in manual library (spec §2.19, §3 "Manual (built in)"): five valve manuals, three nozzle manuals, and
 * the Emergency Response Kit the dashboard features beside the five valve manuals. Section texts use the house
 * format of manual texts (UPPERCASE HEADINGS:, numbered steps, bullets), so screens and the PDF render them alike.
 * Pages and sizes are those of the published documents: the five valve manuals and the kit add up to the
 * library totals of spec §9 (936 pages, 53.8 MB).
 */

export const VALVE_MANUALS: Manual[] = [
  {
    id: 'ball-valve-om',
    kind: 'valve',
    title: 'Ball Valve O&M Manual',
    type: 'Ball Valve',
    category: 'Operation',
    compliance: ['ASME B16.34', 'API 6D'],
    description: 'Operation and maintenance of floating and trunnion-mounted ball valves, manual and actuated.',
    pages: 156,
    version: '4.2',
    lastUpdated: '2026-03-14',
    downloadSize: '8.2 MB',
    sections: [
      {
        title: 'Operation',
        content: [
          'BEFORE OPERATING:',
          '1. Confirm the line is aligned with the control room and the permit allows the move.',
          '2. Check the position indicator agrees with the handle or actuator.',
          'OPERATING:',
          '1. Turn a quarter turn (90°) in one steady motion; never stop part-way on a shut-off valve.',
          '2. Confirm the new position at the indicator and in the control system.',
          '• Do not use a cheater bar on the handle',
          '• A ball valve is not a throttling valve unless its trim is characterised',
        ].join('\n'),
      },
      {
        title: 'Maintenance',
        content: [
          'EVERY 3 MONTHS:',
          '• Check stem packing for leakage; tighten gland nuts by one flat at a time',
          '• Stroke the valve fully open and closed and note any binding',
          'EVERY 24 MONTHS:',
          '1. Isolate, depressurise and drain; apply lockout/tagout.',
          '2. Replace stem seals and body gaskets.',
          '3. Seat leak test per API 598 before return to service.',
        ].join('\n'),
      },
      {
        title: 'Troubleshooting',
        content: [
          'SYMPTOMS:',
          '• Stem leak: replace packing set',
          '• High operating torque: clean and lubricate the stem; check actuator supply',
          '• Seat leak: replace seats and inspect the ball for scoring',
        ].join('\n'),
      },
    ],
  },
  {
    id: 'gate-valve-maintenance',
    kind: 'valve',
    title: 'Gate Valve Maintenance Guide',
    type: 'Gate Valve',
    category: 'Maintenance',
    compliance: ['API 600', 'ASME B16.34'],
    description: 'Inspection, repacking, seat lapping and overhaul of wedge and parallel-slide gate valves.',
    pages: 142,
    version: '3.1',
    lastUpdated: '2025-11-02',
    downloadSize: '7.6 MB',
    sections: [
      {
        title: 'Inspection',
        content: [
          'VISUAL INSPECTION:',
          '• Stem threads clean and greased',
          '• No leakage at the bonnet joint or gland',
          '• Handwheel and yoke nut secure',
        ].join('\n'),
      },
      {
        title: 'Repacking',
        content: [
          'REPACKING A GATE VALVE:',
          '1. Isolate, depressurise and drain; apply lockout/tagout.',
          '2. Back the valve fully open to seat the backseat.',
          '3. Remove the gland follower and old packing rings.',
          '4. Fit new graphite rings with joints staggered 90°.',
          '5. Tighten the gland nuts evenly to 25 ft-lb, then re-check after 24 h.',
        ].join('\n'),
      },
      {
        title: 'Seat Lapping',
        content: [
          'SEAT LAPPING:',
          '1. Remove the bonnet and wedge; protect the body bore.',
          '2. Lap seats with the lapping plate and fine compound until the contact band is even.',
          '3. Blue-check the wedge against the seats; contact must be continuous.',
        ].join('\n'),
      },
    ],
  },
  {
    id: 'safety-relief-valve',
    kind: 'valve',
    title: 'Safety Relief Valve Manual',
    type: 'Safety Relief Valve',
    category: 'Safety',
    compliance: ['ASME Section VIII', 'National Board NB-23', 'API 520'],
    description: 'Set pressure testing, inspection and repair of spring-loaded safety and safety relief valves.',
    pages: 198,
    version: '5.0',
    lastUpdated: '2026-06-30',
    downloadSize: '11.4 MB',
    sections: [
      {
        title: 'Safety Rules',
        content: [
          'NEVER:',
          '• Gag, block or isolate a relief valve on a system in service',
          '• Adjust the set pressure without a National Board VR certificate holder',
          'ALWAYS:',
          '• Keep operating pressure at least 10% below set pressure',
          '• Wear hearing protection near a valve that may lift',
        ].join('\n'),
      },
      {
        title: 'Set Pressure Test',
        content: [
          'BENCH TEST:',
          '1. Mount the valve on the test stand with a calibrated gauge.',
          '2. Raise pressure slowly; record the pressure at first audible lift.',
          '3. Set pressure tolerance: ±3% above 70 PSI, ±2 PSI up to 70 PSI.',
          '4. Check seat tightness at 90% of set pressure per API 527.',
        ].join('\n'),
      },
      {
        title: 'Inspection Intervals',
        content: [
          'INTERVALS:',
          '• Clean service: every 5 years',
          '• Fouling or corrosive service: every 12 months',
          '• After any lift in service: inspect before the next start-up',
        ].join('\n'),
      },
    ],
  },
  {
    id: 'check-valve-technical',
    kind: 'valve',
    title: 'Check Valve Technical Manual',
    type: 'Check Valve',
    category: 'Technical',
    compliance: ['API 594', 'ASME B16.34'],
    description: 'Design data, sizing and slam prevention for swing, dual-plate and piston check valves.',
    pages: 118,
    version: '2.4',
    lastUpdated: '2025-08-19',
    downloadSize: '6.1 MB',
    sections: [
      {
        title: 'Design Data',
        content: [
          'TYPES:',
          '• Swing check: low pressure drop, horizontal or vertical up-flow',
          '• Dual-plate check: short face-to-face, fast closing',
          '• Piston check: high pressure, pulsating flow',
        ].join('\n'),
      },
      {
        title: 'Sizing',
        content: [
          'SIZING A CHECK VALVE:',
          '1. Find the minimum velocity that holds the disc fully open.',
          '2. Choose the size whose full-open velocity is below the normal flow velocity.',
          '3. Confirm the pressure drop at normal flow is acceptable.',
        ].join('\n'),
      },
      {
        title: 'Slam Prevention',
        content: ['CHECK VALVE SLAM:', '• Choose fast-closing designs on pump discharge', '• Avoid oversizing'].join(
          '\n',
        ),
      },
    ],
  },
  {
    id: 'globe-valve-service',
    kind: 'valve',
    title: 'Globe Valve Service Manual',
    type: 'Globe Valve',
    category: 'Maintenance',
    compliance: ['ASME B16.34', 'ISO 5208'],
    description: 'Trim replacement, seat leakage classes and packing service of globe and needle valves.',
    pages: 134,
    version: '3.3',
    lastUpdated: '2026-01-22',
    downloadSize: '7.3 MB',
    sections: [
      {
        title: 'Trim Replacement',
        content: [
          'REPLACING THE TRIM:',
          '1. Isolate, depressurise and drain; apply lockout/tagout.',
          '2. Remove the bonnet; lift out the plug and stem assembly.',
          '3. Unscrew the seat ring with the seat ring tool.',
          '4. Fit the new seat ring with anti-seize on the threads; torque per the table.',
        ].join('\n'),
      },
      {
        title: 'Seat Leakage',
        content: [
          'LEAKAGE RATES ISO 5208:',
          '• Rate A: no visible leakage',
          '• Rate B: small leakage for soft-seated valves',
          '• Rates C to G: metal-seated valves, by size',
        ].join('\n'),
      },
    ],
  },
];

/** Not one of the library's eight: the dashboard's sixth card, also offered on the Manuals screen. */
export const EMERGENCY_RESPONSE_KIT: Manual = {
  id: 'emergency-response-kit',
  kind: 'kit',
  title: 'Emergency Response Kit',
  type: 'Emergency Procedures',
  category: 'Safety',
  compliance: ['OSHA 1910.119', 'NFPA 70E'],
  description: 'What to do first when a valve fails: releases, fire, stuck valves and injured people.',
  pages: 188,
  version: '2.1',
  lastUpdated: '2026-09-01',
  downloadSize: '13.2 MB',
  sections: [
    {
      title: 'First Steps',
      content: [
        'UNCONTROLLED RELEASE:',
        '1. Leave the area upwind and raise the alarm.',
        '2. Call the control room with the valve ID and what you see.',
        '3. Do not re-enter until the supervisor and gas tests say it is safe.',
        '4. Account for everyone at the muster point.',
      ].join('\n'),
    },
    {
      title: 'Stuck Valve',
      content: [
        'A VALVE WILL NOT MOVE:',
        '• Never use extensions or impact on the handwheel',
        '• Check actuator supply, travel stops and the position indicator',
        '• Report it and raise a work order; isolate upstream if safe',
      ].join('\n'),
    },
    {
      title: 'Electrical Hazards',
      content: [
        'ACTUATOR POWER:',
        '• Treat every electric actuator as live until proven dead',
        '• Arc-flash PPE per NFPA 70E before opening a terminal box',
      ].join('\n'),
    },
  ],
};

/** The library's tabs: the five valve manuals, then the three nozzle manuals. */
export const MANUAL_LIBRARY: Manual[] = [...VALVE_MANUALS, ...NOZZLE_MANUALS];

/** Every manual that can be downloaded as a PDF. */
export const ALL_MANUALS: Manual[] = [...MANUAL_LIBRARY, EMERGENCY_RESPONSE_KIT];

export function findManual(id: string): Manual | undefined {
  return ALL_MANUALS.find((manual) => manual.id === id);
}

/** The dashboard's six cards (spec §2.3): the five valve manuals and the Emergency Response Kit. */
export const FEATURED_MANUALS: Manual[] = [...VALVE_MANUALS, EMERGENCY_RESPONSE_KIT];

/** Download sizes are written '8.2 MB'. */
export function sizeInMb(manual: Manual): number {
  return Number.parseFloat(manual.downloadSize);
}
