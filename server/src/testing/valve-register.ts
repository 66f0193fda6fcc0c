/*
 * A plant's valve register as people keep it (issue 32): 10,000 rows typed by several hands, so intervals come with
 * units, dates in four spellings and numbers with thousands separators, and a few rows in every hundred are wrong
 * in the ways a dry run must catch. Deterministic: the same rows every run, and the counts a correct import gives.
 */

export const REGISTER_HEADER = [
  'Tag',
  'Type',
  'Size',
  'Rating',
  'Site',
  'Unit',
  'System',
  'Location',
  'Make',
  'Model',
  'Interval',
  'Next due',
];

const TYPES = [
  ['Gate Valve', 'GV'],
  ['Globe Valve', 'GL'],
  ['Ball Valve', 'BV'],
  ['Check Valve', 'CV'],
  ['Butterfly Valve', 'BF'],
] as const;
const SIZES = ['2"', '4 in', 'NPS 6', '1-1/2"', 'DN 200', '250 mm'];
const RATINGS = ['Class 150', 'CL300', '600#', 'ANSI 900', 'PN40'];
const PLANTS = ['Power Plant A', 'Gas Plant B', 'Chemical Plant C', 'Nuclear Plant D'];
const INTERVALS = ['6 months', '1,095 days', '26 weeks', '180', '1 year', '90 d'];
const DATES = ['2027-03-14', '14.03.2027', 'Mar 14, 2027', '14/03/2027'];
const MAKERS = [
  ['Velan', 'GTW-300'],
  ['Emerson Fisher', 'ET Globe'],
  ['Flowserve', 'Durco G4'],
  ['Crane', 'FlowSeal 300'],
] as const;

export type Register = { rows: string[][]; expected: { rows: number; create: number; refused: number } };

/** `count` rows for tags from V-<first>-xx up; rows ending in 00, 01, 02 and 03 of each hundred are refused. */
export function messyRegister(count: number, first = 100_000): Register {
  const rows: string[][] = [REGISTER_HEADER];
  let refused = 0;
  for (let i = 1; i <= count; i++) {
    const [type, code] = TYPES[i % TYPES.length];
    const [make, model] = MAKERS[i % MAKERS.length];
    const tag = `V-${first + i}-${code}`;
    const row = [
      tag,
      type,
      SIZES[i % SIZES.length],
      RATINGS[i % RATINGS.length],
      PLANTS[i % PLANTS.length],
      `Unit ${(i % 7) + 1}`,
      `System ${(i % 11) + 1}`,
      `Unit ${(i % 7) + 1}, Line ${i}`,
      make,
      model,
      INTERVALS[i % INTERVALS.length],
      DATES[i % DATES.length],
    ];
    const flaw = i % 100;
    if (flaw === 0) row[4] = 'Plant X';
    if (flaw === 1) row[2] = 'huge';
    if (flaw === 2) [row[0], row[1]] = rows[rows.length - 1];
    if (flaw === 3) row[7] = '=HYPERLINK("http://example.com","open")';
    if (flaw <= 3) refused++;
    rows.push(row);
  }
  return { rows, expected: { rows: count, create: count - refused, refused } };
}
