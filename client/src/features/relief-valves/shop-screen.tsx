import { CERTIFICATE_KIND_LABELS } from '@common/schemas/relief-valves';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { EmptyState } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeletons } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { useReliefCertificates, useReliefInstruments, useReliefQualifications } from './api/shop';
import { CertificateForm } from './components/certificate-form';
import { ExpiryBadge } from './components/expiry-badge';
import { InstrumentForm } from './components/instrument-form';
import { QualificationForm } from './components/qualification-form';
import { RELIEF_TEXTS } from './texts';

const T = RELIEF_TEXTS.shop;
type Adding = 'certificate' | 'qualification' | 'instrument';

function Row({ title, detail, badge }: { title: string; detail: string; badge: React.ReactNode }) {
  return (
    <li>
      <Card className="grid gap-1 p-4">
        <span className="font-bold text-slate-900">{title}</span>
        <span className="text-slate-700">{detail}</span>
        <span>{badge}</span>
      </Card>
    </li>
  );
}

/**
 * Who may test and with what (issue 28): the shop's certificates, testers' qualifications, benches and gauges, each
 * with the date it runs out. A supervisor adds qualifications and instruments here; the record form refuses to
 * submit with any of them expired on the test date.
 */
export function ReliefShopScreen() {
  const canCertify = useCan('relief-valves:certify');
  const [adding, setAdding] = useState<Adding | null>(null);
  const certificates = useReliefCertificates();
  const qualifications = useReliefQualifications();
  const instruments = useReliefInstruments();
  const certificateOf = (id: number) => certificates.data?.find((c) => c.id === id);
  const error = certificates.error ?? qualifications.error ?? instruments.error;
  const addButton = (what: Adding, label: string) =>
    canCertify && adding !== what ? (
      <Button variant="outline" onClick={() => setAdding(what)}>
        <Plus className="size-5" aria-hidden="true" />
        {label}
      </Button>
    ) : null;

  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <PageHeader title={T.title} />
      {error ? <LoadError error={error} onRetry={() => void certificates.refetch()} /> : null}
      {certificates.isPending ? <Skeletons count={3} label="Loading the shop" itemClassName="h-20" /> : null}

      <Section id="certificates" title="Certificates" action={addButton('certificate', T.addCertificate)}>
        {adding === 'certificate' ? (
          <Card className="mb-3 p-4">
            <CertificateForm onDone={() => setAdding(null)} />
          </Card>
        ) : null}
        <ul aria-label="Certificates" className="grid gap-2 md:grid-cols-2">
          {certificates.data?.map((c) => (
            <Row
              key={c.id}
              title={`${CERTIFICATE_KIND_LABELS[c.kind]} ${c.number}`}
              detail={c.holder}
              badge={<ExpiryBadge on={c.expiresOn} label="Expires" />}
            />
          ))}
        </ul>
      </Section>

      <Section
        id="qualifications"
        title="Tester qualifications"
        action={addButton('qualification', T.addQualification)}
      >
        {adding === 'qualification' ? (
          <Card className="mb-3 p-4">
            <QualificationForm certificates={certificates.data ?? []} onDone={() => setAdding(null)} />
          </Card>
        ) : null}
        {qualifications.data?.length === 0 ? <EmptyState>No qualifications yet.</EmptyState> : null}
        <ul aria-label="Tester qualifications" className="grid gap-2 md:grid-cols-2">
          {qualifications.data?.map((q) => (
            <Row
              key={q.id}
              title={q.userName}
              detail={`${q.number} · ${q.scope === 'repair' ? 'test and repair' : 'test only'} · ${certificateOf(q.certificateId)?.number ?? ''}`}
              badge={<ExpiryBadge on={q.expiresOn} label="Expires" />}
            />
          ))}
        </ul>
      </Section>

      <Section id="instruments" title="Benches and gauges" action={addButton('instrument', T.addInstrument)}>
        {adding === 'instrument' ? (
          <Card className="mb-3 p-4">
            <InstrumentForm onDone={() => setAdding(null)} />
          </Card>
        ) : null}
        <ul aria-label="Benches and gauges" className="grid gap-2 md:grid-cols-2">
          {instruments.data?.map((i) => (
            <Row
              key={i.id}
              title={`${i.identifier} · ${i.kind === 'gauge' ? 'gauge' : 'bench'}`}
              detail={[
                i.description,
                i.rangeMax != null ? `0-${i.rangeMax} ${i.rangeUnit}` : null,
                i.accuracyPercent != null ? `±${i.accuracyPercent}% FS` : null,
                `calibrated ${formatDate(i.calibratedOn, 'not recorded')}`,
              ]
                .filter(Boolean)
                .join(' · ')}
              badge={<ExpiryBadge on={i.calibrationDueOn} label="Calibration due" />}
            />
          ))}
        </ul>
      </Section>
    </>
  );
}
