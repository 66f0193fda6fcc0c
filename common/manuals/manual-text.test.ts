import { describe, expect, it } from 'vitest';
import { parseManualText } from './manual-text';

describe('parseManualText', () => {
  it('finds headings, steps, bullets and paragraphs', () => {
    const text = [
      'SAFETY PROTOCOL:',
      '1. Obtain a permit to work.',
      '2. Apply lockout/tagout.',
      '',
      'ACTUATOR:',
      '• Air Supply: 80-100 PSI',
      '• Fail Position: Fail Close',
      'Contact the supervisor before restart.',
    ].join('\n');
    expect(parseManualText(text)).toEqual([
      { kind: 'heading', text: 'SAFETY PROTOCOL' },
      {
        kind: 'steps',
        items: [
          { number: '1', text: 'Obtain a permit to work.' },
          { number: '2', text: 'Apply lockout/tagout.' },
        ],
      },
      { kind: 'heading', text: 'ACTUATOR' },
      { kind: 'bullets', items: ['Air Supply: 80-100 PSI', 'Fail Position: Fail Close'] },
      { kind: 'paragraph', text: 'Contact the supervisor before restart.' },
    ]);
  });

  it('keeps mixed-case lines ending in a colon as text, and upper-case headings with digits', () => {
    expect(parseManualText('Note:\nOPERATING MANUAL V150 VEE-BALL:')).toEqual([
      { kind: 'paragraph', text: 'Note:' },
      { kind: 'heading', text: 'OPERATING MANUAL V150 VEE-BALL' },
    ]);
  });

  it('gives nothing for blank text', () => {
    expect(parseManualText('  \n\n')).toEqual([]);
  });
});
