import { Download, FileText } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { TEXTS } from '@common/texts';
import { Section } from '@/components/section';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FEATURED_MANUALS } from '../manuals';

export function ManualCards() {
  const navigate = useNavigate();
  // Downloads are served by the Manuals library; until it ships, the button takes the technician there.
  const openLibrary = () => navigate('/manuals');

  return (
    <Section id="manuals" title={TEXTS.dashboard.manualSection}>
      <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURED_MANUALS.map((manual) => (
          <li key={manual.title}>
            <Card className="flex h-full flex-col gap-3 p-4">
              <div className="flex items-start gap-3">
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                  <FileText className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <p className="text-base leading-snug font-bold text-slate-900">{manual.title}</p>
                  <p className="text-sm text-slate-600">
                    {manual.pages} pages · {manual.sizeMb} MB
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-1.5">
                {manual.standards.map((standard) => (
                  <Badge key={standard} tone="primary">
                    {standard}
                  </Badge>
                ))}
              </div>
              <Button variant="outline" size="sm" className="mt-auto" onClick={openLibrary}>
                <Download className="size-4" aria-hidden="true" />
                Download
                <span className="sr-only">{manual.title}</span>
              </Button>
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
