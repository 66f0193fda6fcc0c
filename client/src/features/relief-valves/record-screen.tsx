import type { ReliefTest } from '@common/schemas/relief-valves';
import { useParams } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Skeletons } from '@/components/ui/skeleton';
import { plantZone, usePlants } from '@/lib/plants';
import { parseRouteId } from '@/lib/route-id';
import { useReliefTag, useReliefTestOptions } from './api/reads';
import { useReliefTest } from './api/review';
import { RecordForm } from './record-editor';
import { RELIEF_TEXTS as T } from './texts';

/**
 * A test record in the order of the work: as found before anything is touched, seat tightness, piping, what was
 * done, as left. The server judges every figure by rule; the form only collects them.
 */
export function ReliefRecordScreen() {
  return <RecordScreenFor tagId={parseRouteId(useParams().id) ?? 0} />;
}

/** A draft opened again: the same form, filled as it was entered, saved over the draft (or submitted). */
export function ReliefDraftScreen() {
  const test = useReliefTest(parseRouteId(useParams().id) ?? 0);
  if (test.error) return <LoadError error={test.error} onRetry={() => test.refetch()} />;
  if (test.isPending) return <Skeletons count={4} label="Loading form" className="gap-3" itemClassName="h-16" />;
  if (test.data.status !== 'draft' || !test.data.tag) return <p>{T.notADraft}</p>;
  return <RecordScreenFor tagId={test.data.tag.id} draft={test.data} />;
}

function RecordScreenFor({ tagId, draft }: { tagId: number; draft?: ReliefTest }) {
  const tag = useReliefTag(tagId);
  const options = useReliefTestOptions();
  const plants = usePlants();
  if (tag.error || options.error) return <LoadError error={tag.error ?? options.error} onRetry={() => tag.refetch()} />;
  if (tag.isPending || options.isPending || plants.isPending)
    return <Skeletons count={4} label="Loading form" className="gap-3" itemClassName="h-16" />;
  // A draft stays with the device it was recorded on, whatever is installed now.
  const device = draft ? { deviceId: draft.device.id, serialNumber: draft.device.serialNumber } : tag.data.installed;
  if (!device) return <p>No relief valve is installed on {tag.data.tag}.</p>;
  const qualified = options.data.qualifications.map((q) => q.certificateId);
  const certificates = options.data.certificates.filter((c) => qualified.includes(c.id));
  return (
    <RecordForm
      tag={{
        id: tag.data.id,
        tag: tag.data.tag,
        deviceId: device.deviceId,
        serial: device.serialNumber,
        setPressure: tag.data.setPressure,
        plant: tag.data.plant,
        timeZone: plantZone(plants.data, tag.data.plant),
        valveId: tag.data.valve?.id,
      }}
      certificates={certificates.length ? certificates : options.data.certificates}
      qualifications={options.data.qualifications}
      instruments={options.data.instruments}
      draft={draft}
    />
  );
}
