import { FEATURED_MANUALS } from '@common/manuals/library';
import { TEXTS } from '@common/texts';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { Section } from '@/components/section';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ComplianceBadges } from './compliance-badges';
import { DownloadButton } from './download-button';

/** Spec §2.3's six manual cards; each downloads its manual as a PDF. The footer totals are the spec's. */
export function ManualCards() {
  return (
    <Section id="manuals" title={TEXTS.dashboard.manualSection}>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURED_MANUALS.map((manual) => (
          <li key={manual.id}>
            <Card className="flex h-full flex-col gap-3 p-4">
              <div className="flex items-start gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <FileText className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <p className="text-base leading-snug font-bold text-slate-900">{manual.title}</p>
                  <p className="text-sm text-slate-600">
                    {manual.pages} pages · {manual.downloadSize}
                  </p>
                </div>
              </div>
              <ComplianceBadges standards={manual.compliance} />
              <DownloadButton manual={manual} className="mt-auto" />
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-800 p-4 text-white">
        <p className="text-base font-semibold">{TEXTS.dashboard.manualFooter}</p>
        <Link to="/manuals" className={buttonClasses('outline', 'sm', 'border-white bg-white text-slate-900')}>
          {TEXTS.dashboard.viewAllManuals}
        </Link>
      </div>
    </Section>
  );
}
