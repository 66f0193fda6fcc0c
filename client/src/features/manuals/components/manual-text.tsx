import { TEXTS } from '@common/texts';
import { EmptyState } from '@/components/empty-state';
import { LongText } from '@/components/long-text';

/** One manual text, or the tab's missing-data text (spec §2.7) when the valve has none. */
export function ManualText({ text, missing = TEXTS.manualDialog.noData }: { text: string | null; missing?: string }) {
  return text?.trim() ? <LongText text={text} /> : <EmptyState>{missing}</EmptyState>;
}

/** Several texts under their own headings; those the valve lacks are left out, all missing says so once. */
export function TextSections({
  sections,
  startAt,
}: {
  sections: { title: string; text: string | null }[];
  /** The title of the section to show first on opening (scrolled to the top of the view). */
  startAt?: string;
}) {
  const present = sections.filter((s) => s.text?.trim());
  if (present.length === 0) return <EmptyState>{TEXTS.manualDialog.noData}</EmptyState>;
  return (
    <div className="grid gap-5">
      {present.map((section) => (
        <section
          key={section.title}
          aria-label={section.title}
          ref={
            section.title === startAt
              ? (node) => node?.scrollIntoView({ block: 'start', behavior: 'instant' })
              : undefined
          }
          className="scroll-mt-16"
        >
          <h3 className="mb-2 text-lg font-bold text-slate-900">{section.title}</h3>
          <LongText text={section.text ?? ''} title={section.title} />
        </section>
      ))}
    </div>
  );
}
