import { actuatorLines, actuatorTitle, assemblyTools } from '@common/manuals/actuator';
import type { ValveDetail } from '@common/schemas/valves';
import { TEXTS } from '@common/texts';

const T = TEXTS.manualDialog;

/**
 * Spec §2.7's Actuator tab, read from the valve's own texts: the kind of actuator, its air supply / torque output /
 * fail position lines, and the assembly tools of the installation guide's TOOLING section.
 */
export function ActuatorTab({ valve }: { valve: ValveDetail }) {
  const title = actuatorTitle(valve.operatingManual, valve.specifications);
  const lines = actuatorLines(valve.operatingManual);
  const tools = assemblyTools(valve.installationGuide);
  return (
    <div className="grid gap-5 text-base text-slate-800">
      <section aria-label={title}>
        <h3 className="mb-2 text-lg font-bold text-slate-900">{title}</h3>
        {lines.length > 0 ? (
          <ul className="grid gap-1.5">
            {lines.map((line) => (
              <li key={line} className="rounded-lg bg-slate-100 px-3 py-2">
                {line}
              </li>
            ))}
          </ul>
        ) : (
          <p>{T.actuatorFallback}</p>
        )}
      </section>
      <section aria-label={T.assemblyTools}>
        <h3 className="mb-2 text-lg font-bold text-slate-900">{T.assemblyTools}</h3>
        {tools ? (
          <ul className="grid list-disc gap-1 pl-5 marker:text-slate-500">
            {tools.map((tool) => (
              <li key={tool}>{tool}</li>
            ))}
          </ul>
        ) : (
          <p>{T.standardTooling}</p>
        )}
      </section>
    </div>
  );
}
