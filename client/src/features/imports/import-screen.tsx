import { IMPORT_KINDS, IMPORT_PERMISSIONS, type ImportKind, type ImportReport } from '@common/schemas/imports';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileSpreadsheet } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CopyOnce } from '@/components/copy-once';
import { FilePicker } from '@/components/file-picker';
import { PageHeader } from '@/components/page-header';
import { Section } from '@/components/section';
import { Button, buttonClasses } from '@/components/ui/button';
import { readApiError } from '@/lib/api-error';
import { formatBytes } from '@/lib/format';
import { refreshWorkData } from '@/lib/refresh-work-data';
import { useCan } from '@/lib/session/use-can';
import { runImport } from './api/run-import';
import { ColumnMapping } from './components/column-mapping';
import { ImportCounts } from './components/import-counts';
import { RowLists } from './components/row-lists';
import { IMPORT_KIND_TEXTS, IMPORT_TEXTS } from './texts';

type Phase = 'idle' | 'checking' | 'checked' | 'applying' | 'applied';

const unmappedRequired = (report: ImportReport, mapping: Record<string, string> | undefined) => {
  const mapped = new Set(Object.values(mapping ?? {}));
  return report.fields.some((field) => field.requiredForNew && !mapped.has(field.name));
};

/**
 * A register from a spreadsheet (issue 32): choose a file, see how its columns were read and what every row would
 * do, correct the mapping, then apply. The server checks again when applying; what it answers is shown.
 */
export function ImportScreen({ kind }: { kind: ImportKind }) {
  const texts = IMPORT_KIND_TEXTS[kind];
  const canImport = useCan(IMPORT_PERMISSIONS[kind]);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState<Record<string, string> | undefined>();
  const [report, setReport] = useState<ImportReport | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [sent, setSent] = useState(0);
  const [error, setError] = useState<string | null>(null);

  const check = async (chosen: File, columns?: Record<string, string>) => {
    setPhase('checking');
    setError(null);
    try {
      const checked = await runImport({ kind, mode: 'dry-run', file: chosen, mapping: columns });
      setReport(checked);
      setMapping(checked.mapping);
      setPhase('checked');
    } catch (failure) {
      setError(readApiError(failure).message);
      setPhase(report ? 'checked' : 'idle');
    }
  };

  const apply = async () => {
    if (!file) return;
    setPhase('applying');
    setSent(0);
    setError(null);
    try {
      setReport(await runImport({ kind, mode: 'apply', file, mapping, onSent: setSent }));
      setPhase('applied');
      void refreshWorkData(queryClient);
    } catch (failure) {
      setError(readApiError(failure).message);
      setPhase('checked');
    }
  };

  const busy = phase === 'checking' || phase === 'applying';
  const writable = report ? report.create + report.update : 0;

  return (
    <div className="mx-auto max-w-5xl">
      <title>{`${texts.title} · ValveOps`}</title>
      <PageHeader title={texts.title} />
      <p className="mb-2 text-slate-700">{texts.intro}</p>
      {canImport ? (
        <a href={`/api/imports/${kind}/template`} download className={buttonClasses('ghost', 'sm', 'mb-3 -ml-3')}>
          <Download className="size-5" aria-hidden="true" />
          {IMPORT_TEXTS.template}
        </a>
      ) : null}
      {!canImport ? (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900">{texts.noPermission}</p>
      ) : (
        <>
          <FilePicker
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={busy}
            error={phase === 'idle' ? error : null}
            hint={IMPORT_TEXTS.hint(texts.key)}
            icon={FileSpreadsheet}
            label={file ? IMPORT_TEXTS.chooseAgain : IMPORT_TEXTS.choose}
            onChoose={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (!chosen) return;
              setFile(chosen);
              setReport(null);
              setMapping(undefined);
              void check(chosen);
            }}
          >
            {file ? (
              <p className="text-sm text-slate-700">
                <span className="font-semibold">{file.name}</span> · {formatBytes(file.size)}
              </p>
            ) : null}
          </FilePicker>

          {phase === 'checking' ? (
            <p role="status" className="mt-4 text-slate-700">
              {IMPORT_TEXTS.checking}
            </p>
          ) : null}
          {error && phase !== 'idle' ? (
            <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 font-semibold text-red-800">
              {error}
            </p>
          ) : null}

          {report && file ? (
            <>
              <Section
                id="import-report"
                title={phase === 'applied' ? IMPORT_TEXTS.appliedTitle : IMPORT_TEXTS.reportTitle}
              >
                <ImportCounts report={report} />
                {phase === 'applying' ? (
                  <div className="mt-4" role="status">
                    <p className="mb-1 text-sm text-slate-700">
                      {sent < 1 ? `${IMPORT_TEXTS.sending} (${Math.round(sent * 100)}%)` : texts.writing}
                    </p>
                    <progress
                      className="h-3 w-full accent-brand-700"
                      aria-label={texts.writing}
                      {...(sent < 1 ? { value: sent, max: 1 } : {})}
                    />
                  </div>
                ) : phase === 'applied' ? (
                  <Link to={texts.done.to} className={buttonClasses('primary', 'md', 'mt-4 w-full sm:w-auto')}>
                    {texts.done.label}
                  </Link>
                ) : (
                  <div className="mt-4">
                    <Button className="w-full sm:w-auto" disabled={busy || writable === 0} onClick={() => void apply()}>
                      {texts.apply(writable)}
                    </Button>
                    {writable === 0 ? (
                      <p className="mt-2 text-sm text-slate-600">{IMPORT_TEXTS.nothingToApply}</p>
                    ) : null}
                    {report.blockedBy ? <p className="mt-2 font-semibold text-red-800">{report.blockedBy}</p> : null}
                  </div>
                )}
              </Section>
              {phase !== 'applied' ? (
                <Section
                  id="import-mapping"
                  title={IMPORT_TEXTS.mappingTitle}
                  action={
                    <Button variant="outline" size="sm" disabled={busy} onClick={() => void check(file, mapping)}>
                      {IMPORT_TEXTS.checkAgain}
                    </Button>
                  }
                >
                  <p className="mb-3 text-sm text-slate-600">{IMPORT_TEXTS.mappingHint}</p>
                  {/* Open by itself when a field a new record needs has no column: that is what to fix first. */}
                  <details open={unmappedRequired(report, mapping)}>
                    <summary className="mb-3 flex min-h-11 cursor-pointer items-center font-semibold text-brand-800">
                      {IMPORT_TEXTS.showColumns(report.columns.length)}
                    </summary>
                    <ColumnMapping report={report} mapping={mapping ?? {}} onChange={setMapping} disabled={busy} />
                  </details>
                </Section>
              ) : null}
              {report.invitations?.length ? (
                <Section id="import-invitations" title={IMPORT_TEXTS.invitationsTitle}>
                  <CopyOnce
                    ready={IMPORT_TEXTS.invitationsReady(report.invitations.length)}
                    warning={IMPORT_TEXTS.invitationsWarning}
                    label={IMPORT_TEXTS.invitationsLabel}
                    value={report.invitations.map((i) => `${i.email}\t${i.link}`).join('\n')}
                    rows={Math.min(8, report.invitations.length + 1)}
                    texts={IMPORT_TEXTS.invitationsCopy}
                    onDone={() => void navigate(texts.done.to)}
                  />
                </Section>
              ) : null}
              <RowLists report={report} texts={texts} />
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

/** Each kind's screen, made once so a route keeps its state across renders. */
export const IMPORT_SCREENS = Object.fromEntries(
  IMPORT_KINDS.map((kind) => [kind, () => <ImportScreen kind={kind} />]),
) as Record<ImportKind, () => React.ReactNode>;
