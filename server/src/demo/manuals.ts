import type { ValveType } from '@common/constants';
import type { ValveModel } from './catalog';

/** What the manual texts need to know of a valve. */
export type ManualSubject = {
  valveId: string;
  type: ValveType;
  size: string;
  pressureClass: string;
  ratingPsi: number;
  system: string;
  plant: string;
  model: ValveModel;
  serial: string;
  installedYear: number;
  bodyMaterial: string;
  trimMaterial: string;
  endConnection: string;
};

/**
 * Manual texts in the formats the manual dialog reads: UPPERCASE HEADINGS ending in a colon, numbered steps,
 * bullet lines, an actuator block with Air Supply / Torque Output / Fail Position lines, and a TOOLING section.
 */
export function manualTexts(v: ManualSubject) {
  const actuatorLine = {
    Pneumatic: `Pneumatic spring-return actuator`,
    Electric: `Electric multi-turn actuator, 480 VAC 3-phase`,
    Hydraulic: `Hydraulic double-acting actuator`,
    Manual: `Manual Operation by handwheel with gearbox`,
  }[v.model.actuator];
  const torque = Math.round(v.ratingPsi * 0.9 + 150) * 10;
  const failPosition =
    v.type === 'Safety Relief Valve'
      ? 'Not applicable (self-actuated)'
      : v.model.actuator === 'Pneumatic'
        ? 'Fail Closed'
        : 'Fail As-Is';
  const isRelief = v.type === 'Safety Relief Valve';

  const specifications = [
    'DESIGN DATA:',
    `• Type: ${v.type}, ${v.size} ${v.pressureClass}`,
    `• Maximum allowable working pressure: ${v.ratingPsi} PSI at 100°F`,
    `• Body material: ${v.bodyMaterial}; trim ${v.trimMaterial}`,
    `• End connections: ${v.endConnection}`,
    `• Serial number: ${v.serial}; installed ${v.installedYear}`,
    `• Standards: ${v.model.standards.join(', ')}`,
  ].join('\n');

  const operatingManual = [
    `OPERATING MANUAL ${v.model.manufacturer.toUpperCase()} ${v.model.model.toUpperCase()}:`,
    `This ${v.type.toLowerCase()} serves the ${v.system} system at ${v.plant}.`,
    '',
    'ACTUATOR:',
    `• ${actuatorLine}`,
    v.model.actuator === 'Pneumatic'
      ? '• Air Supply: 80-100 PSI instrument air, dry and oil-free'
      : v.model.actuator === 'Hydraulic'
        ? '• Air Supply: Not required (hydraulic power unit, 1,500 PSI)'
        : '• Air Supply: Not required',
    `• Torque Output: ${torque.toLocaleString('en-US')} in-lb at rated supply`,
    `• Fail Position: ${failPosition}`,
    '',
    'NORMAL OPERATION:',
    isRelief
      ? `1. Confirm the inlet isolation valve is locked open and the lift lever is in the closed position.`
      : `1. Confirm upstream and downstream isolation alignment with the control room.`,
    isRelief
      ? `2. The valve opens on its own at set pressure; never gag or block the valve in service.`
      : `2. Operate the valve slowly through its full stroke; do not exceed the rated torque.`,
    `3. Verify position indication matches the control system.`,
    `4. Record the operation in the valve log with time and operator name.`,
    '',
    'OPERATING LIMITS:',
    `• Maximum pressure: ${v.ratingPsi} PSI`,
    `• Temperature range: -20°F to 800°F`,
    `• Do not use as a throttling device unless the trim is characterised for it`,
  ].join('\n');

  const installationGuide = [
    'INSTALLATION GUIDE:',
    '1. Inspect the valve for shipping damage and remove all protective covers.',
    '2. Flush the line to remove weld slag and debris before installation.',
    `3. Install with the flow arrow pointing in the direction of flow${isRelief ? ', inlet vertical' : ''}.`,
    '4. Use new gaskets and tighten flange bolts in a star pattern to the torque table.',
    '5. Pressure test the installed valve per the site test procedure.',
    '',
    'TOOLING:',
    '• Calibrated torque wrench 50-600 ft-lb',
    '• Hydraulic flange spreader',
    '• Lifting sling and shackle rated for the valve weight',
    '• Feeler gauge set for flange gap checks',
  ].join('\n');

  const maintenanceProcedure = [
    'PREVENTIVE MAINTENANCE:',
    '1. Isolate, depressurise and drain the valve; apply lockout/tagout.',
    '2. Inspect the stem for scoring and the packing for leakage.',
    '3. Lubricate the stem threads and gearbox with the specified grease.',
    isRelief
      ? '4. Test set pressure on the bench or with an in-situ lift assist device.'
      : '4. Stroke the valve fully open and closed, noting any binding.',
    '5. Return to service and record findings in the maintenance history.',
    '',
    'INTERVALS:',
    `• Visual inspection: every 3 months`,
    `• Full service: every ${isRelief ? 12 : 24} months`,
  ].join('\n');

  const troubleshootingGuide = [
    'TROUBLESHOOTING:',
    '• Stem leakage: tighten packing gland nuts evenly by one flat; replace packing if leakage continues',
    '• Valve will not close fully: check for debris on the seat and actuator travel stops',
    '• Excessive operating torque: lubricate the stem; check packing is not over-tightened',
    isRelief
      ? '• Simmering below set pressure: check seat tightness and operating margin (keep 10% below set)'
      : '• Seat leakage: lap or replace the seat and disc; verify with a seat leak test',
  ].join('\n');

  const safetyProtocol = [
    'SAFETY PROTOCOL:',
    '1. Obtain a permit to work and complete a job safety analysis.',
    '2. Apply lockout/tagout to the valve and its actuator power or air supply.',
    '3. Verify zero energy: vent and drain, confirm with a pressure gauge reading 0 PSI.',
    '4. Wear PPE: safety glasses, gloves, hard hat, flame-resistant clothing.',
    '',
    'EMERGENCY:',
    '• On uncontrolled release, leave the area upwind and raise the alarm',
    '• Contact the shift supervisor before any further action',
  ].join('\n');

  const partsList = [
    'SPARE PARTS:',
    `• Stem packing set, graphite (${v.size})`,
    `• Bonnet gasket, spiral wound 316/graphite`,
    `• Seat ring and ${isRelief ? 'disc' : 'seal'} kit, 316 stainless steel`,
    `• Gland studs and nuts, B7/2H`,
  ].join('\n');

  const nozzleConfiguration = isRelief
    ? [
        'NOZZLE CONFIGURATION:',
        `• Orifice: API 526 letter J (1.287 sq in effective area)`,
        `• Inlet ${v.size} ${v.pressureClass} RF, outlet one size larger, Class 150 RF`,
        `• Full nozzle design, 316 stainless steel`,
      ].join('\n')
    : null;

  const torqueSpecifications = [
    'TORQUE SPECIFICATIONS:',
    `• Flange bolts: ${Math.round(v.ratingPsi / 6)} ft-lb in three passes (30%, 70%, 100%)`,
    `• Bonnet bolts: ${Math.round(v.ratingPsi / 8)} ft-lb`,
    `• Gland nuts: 25 ft-lb, then re-check after 24 h`,
  ].join('\n');

  const nationalBoardInfo = isRelief
    ? [
        'NATIONAL BOARD:',
        `• NB certified capacity on file; nameplate NB-${v.serial}`,
        '• Repairs only by a VR certificate holder',
      ].join('\n')
    : null;

  const asmeCodeInfo = v.model.standards.some((s) => s.startsWith('ASME'))
    ? ['ASME CODE:', ...v.model.standards.filter((s) => s.startsWith('ASME')).map((s) => `• ${s}`)].join('\n')
    : null;

  const certificationData = [
    'CERTIFICATION:',
    `• Factory hydrostatic shell test at ${Math.round(v.ratingPsi * 1.5)} PSI, passed`,
    `• Seat test per API 598, passed`,
    `• Material certificates EN 10204 3.1 on file`,
  ].join('\n');

  return {
    specifications,
    operatingManual,
    installationGuide,
    maintenanceProcedure,
    troubleshootingGuide,
    safetyProtocol,
    partsList,
    nozzleConfiguration,
    torqueSpecifications,
    nationalBoardInfo,
    asmeCodeInfo,
    certificationData,
  };
}
