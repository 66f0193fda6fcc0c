/**
 * Manual and procedure texts are plain text with a house format (spec §2.7): UPPERCASE lines ending in a colon
 * are headings, "1." lines are steps, "•" (or "-", "*") lines are bullets. Parsed into blocks so a screen can
 * show them as headings and lists instead of one wall of text.
 */

export type ManualBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'steps'; items: { number: string; text: string }[] }
  | { kind: 'bullets'; items: string[] }
  | { kind: 'paragraph'; text: string };

const STEP = /^(\d+)[.)]\s+(.*)$/;
const BULLET = /^[•\-*]\s+(.*)$/;

function isHeading(line: string): boolean {
  return line.endsWith(':') && /[A-Z]/.test(line) && line === line.toUpperCase();
}

export function parseManualText(text: string): ManualBlock[] {
  const blocks: ManualBlock[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    const last = blocks[blocks.length - 1];
    const step = STEP.exec(line);
    const bullet = BULLET.exec(line);
    if (step) {
      const item = { number: step[1], text: step[2] };
      if (last?.kind === 'steps') last.items.push(item);
      else blocks.push({ kind: 'steps', items: [item] });
    } else if (bullet) {
      if (last?.kind === 'bullets') last.items.push(bullet[1]);
      else blocks.push({ kind: 'bullets', items: [bullet[1]] });
    } else if (isHeading(line)) {
      blocks.push({ kind: 'heading', text: line.slice(0, -1) });
    } else {
      blocks.push({ kind: 'paragraph', text: line });
    }
  }
  return blocks;
}
