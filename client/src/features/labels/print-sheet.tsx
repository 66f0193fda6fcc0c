import { type ReactNode, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

/** While a sheet is printing, the page prints the sheet alone; on screen the sheet is never seen. */
const PRINT_CSS = `
@media screen { .print-sheet { display: none; } }
@media print {
  body > :not(.print-sheet) { display: none !important; }
  .print-sheet { display: block; }
  @page { margin: 10mm; }
}`;

/**
 * Prints one thing (a label, a plant's sheet of labels) with the browser's print dialog: the content is put in a
 * print-only element for as long as printing lasts, so printing the page itself still prints the page.
 */
export function usePrintSheet(): { print: (content: ReactNode) => void; sheet: ReactNode } {
  const [content, setContent] = useState<ReactNode>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (content === null) return;
    let cancelled = false;
    const done = () => setContent(null);
    window.addEventListener('afterprint', done);
    // The labels are images: print once every one of them is decoded, or the paper shows blanks.
    const images = [...(container.current?.querySelectorAll('img') ?? [])];
    void Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(() => {
      if (!cancelled) window.print();
    });
    return () => {
      cancelled = true;
      window.removeEventListener('afterprint', done);
    };
  }, [content]);

  const sheet =
    content === null
      ? null
      : createPortal(
          <div ref={container} className="print-sheet" data-testid="print-sheet">
            <style href="valveops-print-sheet" precedence="default">
              {PRINT_CSS}
            </style>
            {content}
          </div>,
          document.body,
        );
  return { print: setContent, sheet };
}
