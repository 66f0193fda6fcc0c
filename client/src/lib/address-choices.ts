import { useSearchParams } from 'react-router';

/**
 * A report's choices kept in the page's address (so a report is a link): the current ones, and `choose`, which
 * sets one (an empty value removes it) without adding a history entry per keystroke.
 */
export function useAddressChoices() {
  const [params, setParams] = useSearchParams();
  const choose = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return { params, choose };
}
