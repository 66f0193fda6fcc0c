import { type LabelValve, labelDataUrl } from './label-svg';

/** Labels as they print: 60 mm wide each, as many to a row as the paper holds, none split across pages. */
export function LabelGrid({ valves }: { valves: LabelValve[] }) {
  return (
    <ul aria-label="QR labels" className="flex flex-wrap gap-[4mm]">
      {valves.map((valve) => (
        <li key={valve.valveId} className="w-[60mm] break-inside-avoid">
          <img src={labelDataUrl(valve)} alt={`QR label ${valve.valveId}`} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
