import type { Manual } from '@common/schemas/manuals';
import { FileText } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { formatDate } from '@/lib/format';
import { ComplianceBadges } from './compliance-badges';
import { DownloadButton } from './download-button';

/** One library manual with every field of spec §3, and its download. */
export function ManualCard({ manual }: { manual: Manual }) {
  const headingId = `manual-${manual.id}`;
  return (
    <Card className="flex h-full flex-col gap-3 p-4" aria-labelledby={headingId} role="article">
      <div className="flex items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <FileText className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className="text-base leading-snug font-bold text-slate-900">
            {manual.title}
          </h3>
          <p className="text-sm text-slate-600">
            {manual.type} · <span className="font-semibold text-slate-800">{manual.category}</span>
          </p>
        </div>
      </div>
      <p className="text-base text-slate-800">{manual.description}</p>
      <ComplianceBadges standards={manual.compliance} />
      <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-slate-700">
        <div>
          <dt className="inline">Pages: </dt>
          <dd className="inline font-semibold text-slate-900">{manual.pages}</dd>
        </div>
        <div>
          <dt className="inline">Version: </dt>
          <dd className="inline font-semibold text-slate-900">{manual.version}</dd>
        </div>
        <div>
          <dt className="inline">Updated: </dt>
          <dd className="inline font-semibold text-slate-900">{formatDate(manual.lastUpdated)}</dd>
        </div>
        <div>
          <dt className="inline">Size: </dt>
          <dd className="inline font-semibold text-slate-900">{manual.downloadSize}</dd>
        </div>
      </dl>
      <p className="text-sm text-slate-700">
        <span className="font-semibold">Sections:</span> {manual.sections.map((s) => s.title).join(' · ')}
      </p>
      <DownloadButton manual={manual} className="mt-auto" />
    </Card>
  );
}
