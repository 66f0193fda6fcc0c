import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileUp, Loader2, Upload } from 'lucide-react';
import { type ChangeEvent, type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { LoadError } from '@/components/load-error';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/session/use-can';
import { getImportMappings, saveImportMapping } from '../api/import-mappings';
import { postSensorReadings } from '../api/post-sensor-readings';
import { refreshDashboardReads } from '../api/run-analysis';
import { type ImportOutcome, type ImportProgress, importInChunks } from './chunked-import';
import { type CsvFile, FIRST_DATA_ROW, parseCsvFile } from './csv-file';
import {
  applySavedMapping,
  type ColumnMapping,
  convertRows,
  guessMapping,
  headerSignature,
  mappingProblems,
} from './csv-mapping';
import { ProblemList, ReadingsPreview } from './import-preview';
import { ImportProgressBar, ImportSummary } from './import-result';
import { MappingForm } from './mapping-form';
import { SourceName } from './source-name';
import { IMPORT_TEXTS as T } from './texts';
import { findKnownTags, keepKnownValves } from './valve-tags';

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card className="mt-4 p-4">
      <h2 className="mb-3 text-lg font-bold text-slate-900">{title}</h2>
      {children}
    </Card>
  );
}

/**
 * The historian CSV import (issue 6, "Readings in"): choose a file, match its columns and units, check a preview,
 * then send the readings in chunks with a progress bar, and read what was written and what was skipped and why.
 */
/** The saved column matchings of the organization's sources, read when the screen opens. */
const savedMappingsQuery = queryOptions({
  queryKey: ['/api/sensor-readings/import-mappings'],
  queryFn: getImportMappings,
});

export function ReadingsImportScreen() {
  const allowed = useCan('readings:write');
  return (
    <>
      <title>{`${T.title} · ValveOps`}</title>
      <Link
        to="/analytics"
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-brand-700 hover:bg-slate-200"
      >
        <ArrowLeft className="size-5" aria-hidden="true" />
        {T.back}
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{T.title}</h1>
      <p className="mt-1 text-base text-slate-700">{T.intro}</p>
      {allowed ? <ImportFlow /> : <p className="mt-4 rounded-lg bg-slate-200 p-3 text-slate-800">{T.notAllowed}</p>}
    </>
  );
}

function ImportFlow() {
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<CsvFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [readingFile, setReadingFile] = useState(false);
  const [mapping, setMapping] = useState<ColumnMapping | null>(null);
  const [sourceName, setSourceName] = useState('');
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const saved = useQuery(savedMappingsQuery);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const importing = progress !== null && outcome === null;

  const reset = () => {
    setCsv(null);
    setMapping(null);
    setSavedNote(null);
    setSaveFailed(false);
    setFileError(null);
    setProgress(null);
    setOutcome(null);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    reset();
    setReadingFile(true);
    try {
      const parsed = await parseCsvFile(file);
      if (parsed.rows.length === 0) setFileError(T.noRows);
      else {
        setCsv(parsed);
        setMapping(guessMapping(parsed.headers));
        const named = sourceName.trim();
        // The saved list may still be on its way when a small file is already read: wait for it, or the file's
        // saved matching is silently not applied.
        const list = await queryClient.ensureQueryData(savedMappingsQuery);
        applySource(named || headerSignature(parsed.headers), parsed.headers, named ? undefined : T.sameColumns, list);
      }
    } catch (error) {
      console.warn('CSV could not be read', error);
      setFileError(T.unreadable);
    } finally {
      setReadingFile(false);
    }
  };

  /** Applies the mapping saved for a source, if any and if it fits the file's columns; says which it did. */
  const applySource = (source: string, headers: string[], label = source, list = saved.data ?? []) => {
    const found = list.find((m) => m.source === source);
    if (!found) return setSavedNote(null);
    const applied = applySavedMapping(found.mapping, headers);
    if (applied) setMapping(applied);
    setSavedNote(
      applied ? T.savedApplied(label, found.updatedBy, formatDateTime(found.updatedAt)) : T.savedDoesNotFit(label),
    );
  };
  const onSourceName = (name: string) => {
    setSourceName(name);
    if (csv && saved.data?.some((m) => m.source === name.trim())) applySource(name.trim(), csv.headers);
  };

  const missing = mapping ? mappingProblems(mapping) : [];
  const conversion = useMemo(
    () =>
      csv && mapping && mappingProblems(mapping).length === 0 ? convertRows(csv.rows, mapping, FIRST_DATA_ROW) : null,
    [csv, mapping],
  );
  const tags = useMemo(
    () => (conversion ? [...new Set(conversion.readings.map((r) => r.valveTag))].sort() : []),
    [conversion],
  );
  const tagCheck = useQuery({
    queryKey: ['valve-tag-check', tags],
    queryFn: () => findKnownTags(tags),
    enabled: tags.length > 0,
  });
  const checked = useMemo(() => {
    if (!csv || !conversion) return null;
    if (tags.length > 0 && !tagCheck.data) return null;
    const known = keepKnownValves(conversion.readings, tagCheck.data ?? new Set());
    const problems = [...csv.problems, ...conversion.problems, ...known.problems].sort((a, b) => a.row - b.row);
    return { readings: known.readings, problems };
  }, [csv, conversion, tags, tagCheck.data]);

  const start = async () => {
    if (!checked || checked.readings.length === 0 || !csv || !mapping) return;
    // Kept for the next file from this source, under its name and its columns (so a file with the same header is
    // matched without the name); an import does not wait on it or fail with it.
    const sources = [...new Set([sourceName.trim(), headerSignature(csv.headers)].filter(Boolean))];
    void Promise.all(sources.map((source) => saveImportMapping({ source, mapping })))
      .then(() => queryClient.invalidateQueries({ queryKey: ['/api/sensor-readings/import-mappings'] }))
      .catch((error: unknown) => {
        console.warn('import mapping not saved', error);
        setSaveFailed(true);
      });
    const result = await importInChunks(checked.readings, { post: postSensorReadings, onProgress: setProgress });
    setOutcome(result);
    // New readings change the engine's results (the server recomputes after readings arrive).
    void refreshDashboardReads(queryClient);
    void queryClient.invalidateQueries({ queryKey: ['/api/analytics/valves'] });
  };

  return (
    <>
      <Step title={T.fileStep}>
        <label
          className={cn(
            buttonClasses(csv ? 'outline' : 'primary'),
            'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600',
            importing && 'pointer-events-none opacity-50',
          )}
        >
          <FileUp className="size-5" aria-hidden="true" />
          {csv ? T.chooseAnother : T.chooseFile}
          <input type="file" accept=".csv,text/csv" className="sr-only" onChange={onFile} disabled={importing} />
        </label>
        <p className="mt-2 text-sm text-slate-600">{T.fileHint}</p>
        {readingFile ? (
          <p role="status" className="mt-2 flex items-center gap-2 text-slate-700">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            {T.reading}
          </p>
        ) : null}
        {fileError ? (
          <p role="alert" className="mt-2 font-semibold text-red-700">
            {fileError}
          </p>
        ) : null}
        {csv ? (
          <p className="mt-2 font-semibold break-words text-slate-900">
            {T.fileSummary(csv.name, csv.rows.length, csv.headers.length)}
          </p>
        ) : null}
      </Step>

      {csv && mapping ? (
        <Step title={T.mappingStep}>
          <fieldset disabled={importing || outcome !== null} className="grid gap-4">
            <SourceName
              value={sourceName}
              sources={(saved.data ?? []).map((m) => m.source).filter((s) => !s.startsWith('columns: '))}
              onChange={onSourceName}
            />
            {savedNote ? (
              <p role="status" className="rounded-lg bg-brand-50 p-3 font-semibold text-slate-900">
                {savedNote}
              </p>
            ) : null}
            <MappingForm headers={csv.headers} mapping={mapping} onChange={setMapping} />
          </fieldset>
        </Step>
      ) : null}

      {csv && mapping && !outcome ? (
        <Step title={T.checkStep}>
          {missing.length > 0 ? (
            <ul className="grid gap-1 font-semibold text-amber-900">
              {missing.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : tagCheck.error ? (
            <LoadError error={tagCheck.error} onRetry={() => tagCheck.refetch()} />
          ) : !checked ? (
            <p role="status" className="flex items-center gap-2 text-slate-700">
              <Loader2 className="size-4 animate-spin" aria-hidden="true" />
              {T.checkingTags}
            </p>
          ) : (
            <div className="grid gap-3">
              <p className="font-semibold text-slate-900">
                {T.counts(csv.rows.length, checked.readings.length, new Set(checked.problems.map((p) => p.row)).size)}
              </p>
              <ReadingsPreview readings={checked.readings} />
              <ProblemList problems={checked.problems} title={T.problemsTitle} />
              {checked.readings.length === 0 ? (
                <p className="font-semibold text-red-700">{T.nothingToImport}</p>
              ) : (
                <Button onClick={start} disabled={importing} aria-busy={importing} className="justify-self-start">
                  {importing ? (
                    <Loader2 className="size-5 animate-spin" aria-hidden="true" />
                  ) : (
                    <Upload className="size-5" aria-hidden="true" />
                  )}
                  {T.importButton(checked.readings.length)}
                </Button>
              )}
              {progress ? <ImportProgressBar progress={progress} /> : null}
              {saveFailed ? <p className="text-sm text-amber-900">{T.mappingSaveFailed}</p> : null}
            </div>
          )}
        </Step>
      ) : null}

      {csv && checked && progress && outcome ? (
        <Card className="mt-4 p-4">
          <ImportProgressBar progress={progress} />
          <div className="mt-4">
            <ImportSummary rowsRead={csv.rows.length} problems={checked.problems} outcome={outcome} onAgain={reset} />
          </div>
        </Card>
      ) : null}
    </>
  );
}
