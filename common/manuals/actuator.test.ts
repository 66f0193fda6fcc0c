import { describe, expect, it } from 'vitest';
import { ACTUATOR_FALLBACK_TITLE, actuatorLines, actuatorTitle, assemblyTools, sectionItems } from './actuator';

const pneumaticManual = [
  'OPERATING MANUAL FISHER V150:',
  'This ball valve serves the Feedwater system at Power Plant A.',
  '',
  'ACTUATOR:',
  '• Pneumatic spring-return actuator',
  '• Air Supply: 80-100 PSI instrument air, dry and oil-free',
  '• Torque Output: 9,600 in-lb at rated supply',
  '• Fail Position: Fail Closed',
  '',
  'NORMAL OPERATION:',
  '1. Confirm upstream and downstream isolation alignment with the control room.',
].join('\n');

const installationGuide = [
  'INSTALLATION GUIDE:',
  '1. Inspect the valve for shipping damage.',
  '',
  'TOOLING:',
  '• Calibrated torque wrench 50-600 ft-lb',
  '• Hydraulic flange spreader',
  '',
  'AFTER INSTALLATION:',
  '• Record the installation date',
].join('\n');

describe('actuatorTitle', () => {
  it('names the actuator the manual or specifications mention, pneumatic first', () => {
    expect(actuatorTitle(pneumaticManual)).toBe('Pneumatic Actuator');
    expect(actuatorTitle('• Electric multi-turn actuator, 480 VAC 3-phase')).toBe('Electric Actuator');
    expect(actuatorTitle(null, 'Hydraulic double-acting actuator')).toBe('Hydraulic Actuator');
    expect(actuatorTitle('• Manual Operation by handwheel with gearbox')).toBe('Manual Operation');
    expect(actuatorTitle('PNEUMATIC and hydraulic')).toBe('Pneumatic Actuator');
  });

  it('falls back to "Actuator Information" when no text says', () => {
    expect(actuatorTitle('OPERATING MANUAL:\n1. Open slowly.')).toBe(ACTUATOR_FALLBACK_TITLE);
    expect(actuatorTitle(null, undefined)).toBe('Actuator Information');
  });
});

describe('actuatorLines', () => {
  it('picks the air supply, torque output and fail position lines without their bullets', () => {
    expect(actuatorLines(pneumaticManual)).toEqual([
      'Air Supply: 80-100 PSI instrument air, dry and oil-free',
      'Torque Output: 9,600 in-lb at rated supply',
      'Fail Position: Fail Closed',
    ]);
  });

  it('reads numbered and unmarked lines, in any case', () => {
    expect(actuatorLines('1. AIR SUPPLY: 60 PSI\nfail position: fail open')).toEqual([
      'AIR SUPPLY: 60 PSI',
      'fail position: fail open',
    ]);
  });

  it('gives nothing when the manual is missing or silent', () => {
    expect(actuatorLines(null)).toEqual([]);
    expect(actuatorLines('OPERATING MANUAL:\n1. Open slowly.')).toEqual([]);
  });
});

describe('assemblyTools and sectionItems', () => {
  it('lists the TOOLING section up to the next heading', () => {
    expect(assemblyTools(installationGuide)).toEqual([
      'Calibrated torque wrench 50-600 ft-lb',
      'Hydraulic flange spreader',
    ]);
  });

  it('is null without a TOOLING section, or with an empty one', () => {
    expect(assemblyTools('INSTALLATION GUIDE:\n1. Flush the line.')).toBeNull();
    expect(assemblyTools('TOOLING:\nNEXT:')).toBeNull();
    expect(assemblyTools(null)).toBeNull();
  });

  it('keeps steps and plain lines of a section as items', () => {
    expect(sectionItems('TOOLING:\n1. Torque wrench\nFeeler gauges', 'tooling')).toEqual([
      'Torque wrench',
      'Feeler gauges',
    ]);
  });
});
