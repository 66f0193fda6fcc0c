import { useSearchParams } from 'react-router';

/**
 * A detail screen's open tab, kept in the URL (?tab=photos) so a new photo or record can be shown where it
 * landed. The first name is the default and leaves the URL bare; an unknown name opens the default.
 */
export function useUrlTab(names: readonly string[]): [string, (next: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = requested && names.includes(requested) ? requested : names[0];
  const showTab = (next: string) =>
    setSearchParams(next === names[0] ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  return [tab, showTab];
}
