import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, brings the first problem into view: the first invalid field gets focus, else the
 * form's alert is scrolled to. On a phone the error may otherwise sit above the fold, unseen, while the user
 * taps the button again. `failed()` is called on each refusal; the reveal runs once the errors are rendered.
 */
export function useRevealProblem<T extends HTMLElement = HTMLFormElement>() {
  const ref = useRef<T>(null);
  const [failures, setFailures] = useState(0);

  useEffect(() => {
    if (failures === 0) return;
    const target = ref.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
    if (!target) return;
    if (target.matches('input, select, textarea')) target.focus();
    else target.scrollIntoView({ block: 'center' });
  }, [failures]);

  const failed = useCallback(() => setFailures((n) => n + 1), []);
  return { ref, failed };
}
