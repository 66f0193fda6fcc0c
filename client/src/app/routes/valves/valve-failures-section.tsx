import { Section } from '@/components/section';
import { useValveCosts } from '@/features/costs/api/costs';
import { ValveFailures } from '@/features/reliability/components/valve-failures';
import { RELIABILITY_TEXTS } from '@/features/reliability/texts';

/**
 * The valve's failures (issue 34) under its maintenance history, their cost in the organization's currency (which
 * the valve's cost read names; the same read the Parts & cost tab shows, so it is asked once).
 */
export function ValveFailuresSection({ valveId }: { valveId: number }) {
  const currency = useValveCosts(valveId).data?.currency ?? 'USD';
  return (
    <Section id="valve-failures" title={RELIABILITY_TEXTS.valve.title}>
      <ValveFailures valveId={valveId} currency={currency} />
    </Section>
  );
}
