import { parseManualText } from './manual-text';

/**
 * The manual dialog's Actuator tab (spec §2.7), derived from a valve's own texts: which kind of actuator the
 * manual describes, its air supply / torque output / fail position lines, and the tools the installation guide
 * lists under TOOLING.
 */

/** Checked in this order: the first kind the texts mention names the tab. */
const ACTUATOR_TITLES: [RegExp, string][] = [
  [/pneumatic/i, 'Pneumatic Actuator'],
  [/electric/i, 'Electric Actuator'],
  [/hydraulic/i, 'Hydraulic Actuator'],
  [/manual operation/i, 'Manual Operation'],
];
export const ACTUATOR_FALLBACK_TITLE = 'Actuator Information';

export function actuatorTitle(...texts: (string | null | undefined)[]): string {
  const text = texts.filter(Boolean).join('\n');
  return ACTUATOR_TITLES.find(([pattern]) => pattern.test(text))?.[1] ?? ACTUATOR_FALLBACK_TITLE;
}

const ACTUATOR_LINE = /\b(air supply|torque output|fail position)\b/i;
const LIST_MARKER = /^(?:[•\-*]|\d+[.)])\s+/;

/** The manual's lines about air supply, torque output and fail position, without their bullet or number. */
export function actuatorLines(manual: string | null | undefined): string[] {
  if (!manual) return [];
  return manual
    .split(/\r?\n/)
    .map((line) => line.trim().replace(LIST_MARKER, ''))
    .filter((line) => ACTUATOR_LINE.test(line));
}

/**
 * The items of one section of a manual text: the lines after its UPPERCASE heading, up to the next heading.
 * Null when the text has no such section.
 */
export function sectionItems(text: string | null | undefined, heading: string): string[] | null {
  if (!text) return null;
  const blocks = parseManualText(text);
  const start = blocks.findIndex((b) => b.kind === 'heading' && b.text === heading.toUpperCase());
  if (start === -1) return null;
  const items: string[] = [];
  for (const block of blocks.slice(start + 1)) {
    if (block.kind === 'heading') break;
    if (block.kind === 'paragraph') items.push(block.text);
    else if (block.kind === 'bullets') items.push(...block.items);
    else items.push(...block.items.map((item) => item.text));
  }
  return items;
}

/** Assembly tools from the TOOLING section of the installation guide; null when it has none. */
export function assemblyTools(installationGuide: string | null | undefined): string[] | null {
  const items = sectionItems(installationGuide, 'TOOLING');
  return items && items.length > 0 ? items : null;
}
