import { CloudOff } from 'lucide-react';
import { Link, useRouteError } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';

/**
 * What a screen that failed to open shows instead of the router's developer page. The usual cause is a screen
 * kept in its own chunk (router.tsx) opened with no signal before the service worker had saved it, or a chunk
 * of a version the server has since replaced: either way, loading again with a connection fixes it.
 */
export function ScreenError() {
  const error = useRouteError();
  console.error('screen failed to open', error);
  return (
    <div className="mx-auto max-w-lg py-10 text-center">
      <CloudOff className="mx-auto size-14 text-slate-400" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This screen could not open</h1>
      <p className="mt-2 text-base text-slate-600">
        It is not saved on this device yet, or the app was updated. Connect to the network and load it again; the valves
        and work orders still work offline.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Button onClick={() => window.location.reload()}>Load again</Button>
        <Link to="/valves" className={buttonClasses('outline')}>
          Go to valves
        </Link>
      </div>
    </div>
  );
}
