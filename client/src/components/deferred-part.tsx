import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { LoadError } from './load-error';
import { Skeletons } from './ui/skeleton';

type BoundaryProps = { children: ReactNode; onRetry: () => void };

/** Catches a part whose code could not be fetched; React has no hook for this, only a class. */
class PartBoundary extends Component<BoundaryProps, { error: unknown }> {
  state = { error: undefined as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  render() {
    if (this.state.error !== undefined) return <LoadError error={this.state.error} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: one cache for parts of every props type; each use is typed by its load.
type PartLoad = () => Promise<ComponentType<any>>;

/** Each part's code is fetched once (React.lazy keeps the answer), and anew after a failed fetch's "Try again". */
const parts = new Map<PartLoad, LazyExoticComponent<ComponentType<object>>>();
const partOf = (load: PartLoad) => {
  let part = parts.get(load);
  if (!part) {
    part = lazy(async () => ({ default: await load() }));
    parts.set(load, part);
  }
  return part;
};

type DeferredPartProps<P extends object> = {
  /** Imports the part's module (a module-level function, so every render asks for the same part). */
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** What stands in while the code arrives: a placeholder of the part's height, so nothing moves when it comes. */
  placeholder: { label: string; className: string };
};

/**
 * A part of a screen whose code stays out of the main bundle and is fetched when the part is first shown: a chart
 * library is a third of the app's first download, and the field screens that show a chart show it below the fold.
 * If it cannot be fetched (no signal before the service worker saved it) it says so, and "Try again" fetches it.
 */
export function DeferredPart<P extends object>({ load, props, placeholder }: DeferredPartProps<P>) {
  const [attempt, setAttempt] = useState(0);
  const Part = partOf(load) as ComponentType<P>;
  const retry = () => {
    parts.delete(load);
    setAttempt(attempt + 1);
  };
  return (
    <PartBoundary key={attempt} onRetry={retry}>
      <Suspense fallback={<Skeletons count={1} label={placeholder.label} itemClassName={placeholder.className} />}>
        <Part {...props} />
      </Suspense>
    </PartBoundary>
  );
}
