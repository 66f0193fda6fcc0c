import { parseManualText } from '@common/manuals/manual-text';
import { cn } from '@/lib/cn';

/**
 * Manual and procedure text as headings, numbered steps and bullets, at a size readable on a phone.
 * break-words keeps long tokens (part numbers, URLs) from pushing the page sideways.
 * `title` is the heading the text is shown under; a first line it already says ("TROUBLESHOOTING:" under
 * "Troubleshooting Guide") is dropped.
 */
export function LongText({ text, title, className }: { text: string; title?: string; className?: string }) {
  const blocks = parseManualText(text);
  const first = blocks[0];
  const shown =
    first?.kind === 'heading' && title !== undefined && title.toUpperCase().startsWith(first.text.toUpperCase())
      ? blocks.slice(1)
      : blocks;
  return (
    <div className={cn('grid gap-2 text-base leading-relaxed break-words text-slate-800', className)}>
      {shown.map((block, index) => {
        switch (block.kind) {
          case 'heading':
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: position in fixed text
              <h4 key={index} className="mt-2 text-sm font-bold tracking-wide text-slate-900 uppercase first:mt-0">
                {block.text}
              </h4>
            );
          case 'steps':
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: position in fixed text
              <ol key={index} className="grid gap-1.5">
                {block.items.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: position in fixed text
                  <li key={i} className="flex gap-2">
                    <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-200 text-sm font-bold text-slate-800">
                      {item.number}
                    </span>
                    <span className="min-w-0">{item.text}</span>
                  </li>
                ))}
              </ol>
            );
          case 'bullets':
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: position in fixed text
              <ul key={index} className="grid list-disc gap-1 pl-5 marker:text-slate-500">
                {block.items.map((item, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: position in fixed text
                  <li key={i}>{item}</li>
                ))}
              </ul>
            );
          default:
            // biome-ignore lint/suspicious/noArrayIndexKey: position in fixed text
            return <p key={index}>{block.text}</p>;
        }
      })}
    </div>
  );
}
