import { type LabelValve, labelDataUrl } from './label-svg';

/**
 * Labels as they print, as many to a row as the paper holds, none split across pages: 60 mm wide with the lookup
 * code alone, 90 mm with the request code beside it (two to a row on A4, each code still over 3 cm).
 */
export function LabelGrid({ valves }: { valves: LabelValve[] }) {
  return (
    <ul aria-label="QR labels" className="flex flex-wrap gap-[4mm]">
      {valves.map((valve) => (
        <li key={valve.valveId} className={`${valve.requestUrl ? 'w-[90mm]' : 'w-[60mm]'} break-inside-avoid`}>
          <img src={labelDataUrl(valve)} alt={`QR label ${valve.valveId}`} className="w-full" />
        </li>
      ))}
    </ul>
  );
}
