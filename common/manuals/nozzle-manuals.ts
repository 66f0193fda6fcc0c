import type { Manual } from '../schemas/manuals';

/** The library's three nozzle manuals (spec §2.19), in the same house format as the valve manuals. */
export const NOZZLE_MANUALS: Manual[] = [
  {
    id: 'relief-nozzle-selection',
    kind: 'nozzle',
    title: 'Relief Valve Nozzle Selection Guide',
    type: 'Safety Valve Nozzle',
    category: 'Selection',
    compliance: ['API 526', 'ASME Section VIII'],
    description: 'Choosing the orifice letter, nozzle type and materials for a required relieving capacity.',
    pages: 64,
    version: '2.0',
    lastUpdated: '2025-10-09',
    downloadSize: '3.4 MB',
    sections: [
      {
        title: 'Orifice Selection',
        content: [
          'SELECTING THE ORIFICE:',
          '1. Compute the required relieving capacity for the governing case.',
          '2. Compute the required effective area per API 520.',
          '3. Choose the smallest API 526 orifice letter whose effective area is larger.',
          '• D 0.110 sq in, E 0.196, F 0.307, G 0.503, H 0.785, J 1.287, K 1.838',
        ].join('\n'),
      },
      {
        title: 'Nozzle Types',
        content: [
          'FULL NOZZLE:',
          '• The nozzle alone is wetted at the inlet; use for corrosive or high-pressure service',
          'SEMI NOZZLE:',
          '• Seat ring screwed into the body; lighter and cheaper for clean service',
        ].join('\n'),
      },
    ],
  },
  {
    id: 'flow-nozzle-installation',
    kind: 'nozzle',
    title: 'Flow Nozzle Installation & Alignment Manual',
    type: 'Flow Nozzle',
    category: 'Installation',
    compliance: ['ASME PTC 19.5', 'ISO 5167'],
    description: 'Straight-run requirements, alignment and pressure taps for flow nozzles in feedwater lines.',
    pages: 72,
    version: '1.6',
    lastUpdated: '2026-02-17',
    downloadSize: '4.1 MB',
    sections: [
      {
        title: 'Straight Runs',
        content: [
          'STRAIGHT PIPE REQUIRED:',
          '• Upstream: at least 20 pipe diameters after a single bend',
          '• Downstream: at least 4 pipe diameters',
          '• Use a flow conditioner where the run is shorter',
        ].join('\n'),
      },
      {
        title: 'Installation',
        content: [
          'INSTALLING THE NOZZLE:',
          '1. Check the bore is concentric with the pipe within 0.5% of the diameter.',
          '2. Fit the nozzle with the flow arrow in the direction of flow.',
          '3. Drill pressure taps burr-free at the positions the standard gives.',
          '4. Leak test the taps and impulse lines.',
        ].join('\n'),
      },
    ],
  },
  {
    id: 'nozzle-inspection-repair',
    kind: 'nozzle',
    title: 'Nozzle Inspection & Repair Manual',
    type: 'Safety Valve Nozzle',
    category: 'Maintenance',
    compliance: ['National Board NB-23', 'API 576', 'NFPA 85'],
    description: 'Inspecting, lapping and replacing safety valve nozzles, and the records a VR repair needs.',
    pages: 88,
    version: '3.0',
    lastUpdated: '2026-05-05',
    downloadSize: '5.2 MB',
    sections: [
      {
        title: 'Inspection',
        content: [
          'NOZZLE INSPECTION:',
          '• Seat face: no cuts, steam erosion or wire drawing',
          '• Bore: no corrosion pits deeper than 0.5 mm',
          '• Threads: no galling; gauge the nozzle thread',
        ].join('\n'),
      },
      {
        title: 'Repair',
        content: [
          'LAPPING THE NOZZLE SEAT:',
          '1. Lap with a ring lap and 1000-grit compound in a figure-eight motion.',
          '2. Finish with 1200 grit until the seat is a continuous bright band.',
          '3. Check flatness with an optical flat: at most 2 light bands.',
          'RECORDS:',
          '• Stamp the repair nameplate and file the NB-23 repair record',
        ].join('\n'),
      },
    ],
  },
];
