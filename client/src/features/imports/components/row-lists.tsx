import type { ImportReport } from '@common/schemas/imports';
import { useState } from 'react';
import { Section } from '@/components/section';
import { Button } from '@/components/ui/button';
import { IMPORT_TEXTS, type ImportKindTexts } from '../texts';

const FIRST = 50;

/** A long list shows its first rows and offers the rest: 10,000 lines would bury the page on a phone. */
function Capped<T>({ items, render }: { items: T[]; render: (item: T) => React.ReactNode }) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items.slice(0, FIRST);
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">{shown.map(render)}</ul>
      {items.length > shown.length ? (
        <Button variant="outline" className="mt-2" onClick={() => setAll(true)}>
          {IMPORT_TEXTS.showAll(items.length)}
        </Button>
      ) : null}
    </>
  );
}

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '(empty)' : String(value));

/** Refused rows, changes to known records and new ones, each with its row number in the file. */
export function RowLists({ report, texts }: { report: ImportReport; texts: ImportKindTexts }) {
  const label = (field: string) => report.fields.find((f) => f.name === field)?.label ?? field;
  return (
    <>
      {report.refused.length ? (
        <Section id="import-refused" title={report.applied ? IMPORT_TEXTS.skippedTitle : IMPORT_TEXTS.refusedTitle}>
          <Capped
            items={report.refused}
            render={(r) => (
              <li key={`${r.row}-${r.column}`} className="p-3 text-sm">
                <span className="font-semibold text-red-800">
                  Row {r.row}, {r.column}:
                </span>{' '}
                {r.message}
              </li>
            )}
          />
        </Section>
      ) : null}
      {report.changes.length ? (
        <Section id="import-changes" title={texts.changesTitle}>
          <Capped
            items={report.changes}
            render={(c) => (
              <li key={c.row} className="p-3 text-sm">
                <span className="font-semibold">
                  Row {c.row}, {c.key}
                </span>
                <ul className="mt-1 grid gap-1">
                  {c.fields.map((f) => (
                    <li key={f.field} className="break-words text-slate-700">
                      {label(f.field)}: {show(f.from)} → {show(f.to)}
                    </li>
                  ))}
                </ul>
              </li>
            )}
          />
        </Section>
      ) : null}
      {report.creates.length ? (
        <Section id="import-creates" title={texts.createsTitle}>
          <Capped
            items={report.creates}
            render={(c) => (
              <li key={c.row} className="p-3 text-sm">
                Row {c.row}: <span className="font-semibold">{c.key}</span>
              </li>
            )}
          />
        </Section>
      ) : null}
    </>
  );
}
