import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';

/**
 * The end of a paged list: asks for the next page as it scrolls near the viewport. The button does the same
 * for keyboards and for anyone who gets there before the observer fires.
 */
export function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    if (loading || !element) return;
    // Re-created after each page, so a sentinel still on screen (a short page) asks again at once.
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && onLoadMore(), {
      rootMargin: '0px 0px 800px 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading, onLoadMore]);

  return (
    <div ref={ref} className="mt-4 flex justify-center">
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading ? 'Loading more valves…' : 'Load more'}
      </Button>
    </div>
  );
}
