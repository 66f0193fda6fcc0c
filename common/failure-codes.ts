/*
 * The standard failure codes for valves (issue 34), after ISO 14224:2016 "Collection and exchange of reliability and
 * maintenance data for equipment", Annex B: failure modes for valves (Table B.15's valve column of the equipment
 * class tables, codes as the standard spells them), failure mechanisms (Table B.2, numbered as there), failure
 * causes (Table B.3), detection methods (Table B.4) and maintenance activities (Table B.5, here the remedy). An
 * organization may add its own codes beside these (POST /api/failure-codes); the standard ones are never removed.
 */

export const FAILURE_CODE_KINDS = ['mode', 'mechanism', 'cause', 'remedy', 'detection'] as const;
export type FailureCodeKind = (typeof FAILURE_CODE_KINDS)[number];

export type StandardFailureCode = { code: string; label: string; description: string };

/** How the valve failed, as seen from outside (ISO 14224 Annex B, the failure modes listed for valves). */
export const VALVE_FAILURE_MODES: readonly StandardFailureCode[] = [
  {
    code: 'AIR',
    label: 'Abnormal instrument reading',
    description: 'False alarm, faulty position or limit indication',
  },
  { code: 'DOP', label: 'Delayed operation', description: 'Opening or closing time outside the specification' },
  {
    code: 'ELP',
    label: 'External leakage - process medium',
    description: 'Process fluid leaks to the outside (packing, body, bonnet)',
  },
  {
    code: 'ELU',
    label: 'External leakage - utility medium',
    description: 'Hydraulic oil or instrument air leaks from the actuator',
  },
  { code: 'FTC', label: 'Fail to close on demand', description: 'Does not close on demand' },
  { code: 'FTO', label: 'Fail to open on demand', description: 'Does not open on demand' },
  {
    code: 'FTR',
    label: 'Fail to regulate',
    description: 'A control valve does not hold its set position or flow (abnormal output)',
  },
  {
    code: 'INL',
    label: 'Internal leakage',
    description: 'Leakage through the valve in the open position or past internal seals',
  },
  { code: 'LCP', label: 'Leakage in closed position', description: 'Seat leakage above the acceptance when closed' },
  { code: 'NOI', label: 'Noise', description: 'Abnormal noise' },
  { code: 'OHE', label: 'Overheating', description: 'Machine parts or actuator overheated' },
  { code: 'PLU', label: 'Plugged / choked', description: 'Partial or full flow restriction' },
  { code: 'SER', label: 'Minor in-service problems', description: 'Loose items, discoloration, dirt' },
  {
    code: 'SPO',
    label: 'Spurious operation',
    description: 'Operates without demand (opens, closes, lifts or chatters)',
  },
  { code: 'STD', label: 'Structural deficiency', description: 'Material damage: cracks, wear, fracture, corrosion' },
  { code: 'VIB', label: 'Vibration', description: 'Abnormal vibration' },
  { code: 'OTH', label: 'Other', description: 'A failure mode not covered above (say which in the findings)' },
  { code: 'UNK', label: 'Unknown', description: 'Too little information to define a failure mode' },
];

/** Why it failed physically (ISO 14224 Table B.2). */
export const FAILURE_MECHANISMS: readonly StandardFailureCode[] = [
  { code: '1.0', label: 'Mechanical failure - general', description: 'A mechanical defect, no further details known' },
  { code: '1.1', label: 'Leakage', description: 'External or internal leakage, liquid or gas' },
  { code: '1.2', label: 'Vibration', description: 'Abnormal vibration' },
  { code: '1.3', label: 'Clearance / alignment failure', description: 'Faulty clearance or alignment' },
  {
    code: '1.4',
    label: 'Deformation',
    description: 'Distortion, bending, buckling, denting, yielding, shrinking, blistering, creeping',
  },
  { code: '1.5', label: 'Looseness', description: 'Disconnection, loose items' },
  { code: '1.6', label: 'Sticking', description: 'Sticking, seizure, jamming not due to deformation or clearance' },
  { code: '2.0', label: 'Material failure - general', description: 'A material defect, no further details known' },
  { code: '2.1', label: 'Cavitation', description: 'Relevant for pumps and valves' },
  { code: '2.2', label: 'Corrosion', description: 'Wet (electrochemical) or dry (chemical) corrosion' },
  { code: '2.3', label: 'Erosion', description: 'Erosive wear' },
  { code: '2.4', label: 'Wear', description: 'Abrasive and adhesive wear: scoring, galling, scuffing, fretting' },
  { code: '2.5', label: 'Breakage', description: 'Fracture, breach, crack' },
  { code: '2.6', label: 'Fatigue', description: 'Breakage traced to fatigue' },
  { code: '2.7', label: 'Overheating', description: 'Material damage due to overheating or burning' },
  { code: '2.8', label: 'Burst', description: 'Item burst, blown, exploded, imploded' },
  {
    code: '3.0',
    label: 'Instrument failure - general',
    description: 'An instrument failure, no further details known',
  },
  { code: '3.1', label: 'Control failure', description: 'No, or faulty, regulation' },
  { code: '3.2', label: 'No signal / indication / alarm', description: 'No signal, indication or alarm when expected' },
  {
    code: '3.3',
    label: 'Faulty signal / indication / alarm',
    description: 'Wrong, intermittent, drifting or spurious signal',
  },
  { code: '3.4', label: 'Out of adjustment', description: 'Calibration error, parameter drift' },
  { code: '3.5', label: 'Software failure', description: 'Faulty, or no, control or monitoring due to software' },
  { code: '3.6', label: 'Common cause / mode failure', description: 'Several instrument items failed at once' },
  {
    code: '4.0',
    label: 'Electrical failure - general',
    description: 'An electrical failure, no further details known',
  },
  { code: '4.1', label: 'Short circuiting', description: 'Short circuit' },
  { code: '4.2', label: 'Open circuit', description: 'Disconnection, interruption, broken wire or cable' },
  { code: '4.3', label: 'No power / voltage', description: 'Missing or insufficient power supply' },
  { code: '4.4', label: 'Faulty power / voltage', description: 'Faulty power supply: overvoltage' },
  { code: '4.5', label: 'Earth / isolation fault', description: 'Earth fault, low electrical resistance' },
  {
    code: '5.0',
    label: 'External influence - general',
    description: 'Failure caused by external events or substances',
  },
  {
    code: '5.1',
    label: 'Blockage / plugged',
    description: 'Flow restricted or blocked by fouling, contamination, icing, hydrates',
  },
  {
    code: '5.2',
    label: 'Contamination',
    description: 'Contaminated fluid, gas or surface: lube oil, gas contaminated',
  },
  { code: '5.3', label: 'Miscellaneous external influences', description: 'Foreign objects, impacts, environment' },
  { code: '6.0', label: 'Miscellaneous - general', description: 'Mechanism outside the categories above' },
  { code: '6.1', label: 'No cause found', description: 'Investigated, no cause found' },
  { code: '6.2', label: 'Combined causes', description: 'Several mechanisms, none predominant' },
  { code: '6.3', label: 'Other', description: 'No code applies (say which in the findings)' },
  { code: '6.4', label: 'Unknown', description: 'No information on the mechanism' },
];

/** The root cause behind the mechanism (ISO 14224 Table B.3). */
export const FAILURE_CAUSES: readonly StandardFailureCode[] = [
  { code: '1.0', label: 'Design-related causes', description: 'Inadequate equipment design or configuration' },
  { code: '1.1', label: 'Improper capacity', description: 'Inadequate dimensioning or capacity' },
  { code: '1.2', label: 'Improper material', description: 'Improper material selection' },
  {
    code: '2.0',
    label: 'Fabrication / installation error',
    description: 'Failure related to fabrication or installation',
  },
  { code: '2.1', label: 'Fabrication error', description: 'Manufacturing or processing failure' },
  { code: '2.2', label: 'Installation error', description: 'Installation or assembly failure' },
  {
    code: '3.0',
    label: 'Failure related to operation / maintenance',
    description: 'Related to the use or maintenance of the equipment',
  },
  { code: '3.1', label: 'Off-design service', description: 'Operated outside its design conditions' },
  { code: '3.2', label: 'Operating error', description: 'Mistake, misuse, negligence, oversights during operation' },
  { code: '3.3', label: 'Maintenance error', description: 'Mistake, error, negligence, oversights during maintenance' },
  { code: '3.4', label: 'Expected wear and tear', description: 'Wear and tear from normal operation' },
  { code: '4.0', label: 'Management-related failure', description: 'Related to management issues' },
  {
    code: '4.1',
    label: 'Documentation error',
    description: 'Failure related to procedures, specifications, drawings, reporting',
  },
  {
    code: '4.2',
    label: 'Management error',
    description: 'Failure related to planning, organization, quality assurance',
  },
  { code: '5.0', label: 'Miscellaneous', description: 'Causes outside the categories above' },
  { code: '5.1', label: 'No cause found', description: 'Investigated, no specific cause found' },
  { code: '5.2', label: 'Common cause', description: 'Common cause / mode' },
  { code: '5.3', label: 'Combined causes', description: 'Several causes, none predominant' },
  {
    code: '5.4',
    label: 'Other unit / cascading failure',
    description: 'Failure caused by the failure of another item',
  },
  { code: '5.5', label: 'Other', description: 'No code applies (say which in the findings)' },
  { code: '5.6', label: 'Unknown', description: 'No information on the cause' },
];

/** What was done to restore the valve (ISO 14224 Table B.5, maintenance activity). */
export const FAILURE_REMEDIES: readonly StandardFailureCode[] = [
  { code: '1', label: 'Replace', description: 'Replacement of the item by a new or refurbished one' },
  { code: '2', label: 'Repair', description: 'Manual maintenance action to restore the item' },
  {
    code: '3',
    label: 'Modify',
    description: 'Replace, renew or change the item or its part with one of a different design',
  },
  { code: '4', label: 'Adjust', description: 'Bringing an out-of-tolerance condition back into tolerance' },
  { code: '5', label: 'Refit', description: 'Minor repair or servicing: polish, clean, grind, paint, coat, lube' },
  { code: '6', label: 'Check', description: 'A cause was sought but no action taken, or the item restarted as found' },
  { code: '7', label: 'Service', description: 'Periodic service tasks: cleaning, replenishment' },
  { code: '8', label: 'Test', description: 'Periodic test of function or performance' },
  { code: '9', label: 'Inspection', description: 'Periodic inspection, with no repair needed' },
  { code: '10', label: 'Overhaul', description: 'Major overhaul' },
  { code: '11', label: 'Combination', description: 'Several activities, none predominant' },
  { code: '12', label: 'Other', description: 'Maintenance activity other than the above' },
];

/** How the failure was found (ISO 14224 Table B.4). */
export const DETECTION_METHODS: readonly StandardFailureCode[] = [
  { code: '1', label: 'Periodic maintenance', description: 'Found during preventive maintenance' },
  { code: '2', label: 'Functional testing', description: 'Found by a function test (a proof or stroke test)' },
  { code: '3', label: 'Inspection', description: 'Found during planned inspection' },
  { code: '4', label: 'Periodic condition monitoring', description: 'Found by periodic condition monitoring' },
  {
    code: '5',
    label: 'Continuous condition monitoring',
    description: 'Found by continuous monitoring (an alarm, an anomaly)',
  },
  { code: '6', label: 'Production interference', description: 'Found by a disturbance of the process' },
  {
    code: '7',
    label: 'Casual observation',
    description: 'Noticed in passing: a walkdown, noise, a smell, a leak seen',
  },
  { code: '8', label: 'Corrective maintenance', description: 'Found during corrective maintenance of another failure' },
  { code: '9', label: 'On demand', description: 'Found when the valve was asked to act and did not' },
  { code: '10', label: 'Other', description: 'Another method' },
];

export const STANDARD_FAILURE_CODES: Record<FailureCodeKind, readonly StandardFailureCode[]> = {
  mode: VALVE_FAILURE_MODES,
  mechanism: FAILURE_MECHANISMS,
  cause: FAILURE_CAUSES,
  remedy: FAILURE_REMEDIES,
  detection: DETECTION_METHODS,
};

/** What each kind of code is called on a form and in a message. */
export const FAILURE_CODE_KIND_LABELS: Record<FailureCodeKind, string> = {
  mode: 'failure mode',
  mechanism: 'failure mechanism',
  cause: 'failure cause',
  remedy: 'remedy',
  detection: 'detection method',
};
