import { ArrowRight, Gauge } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** A plain front door until the marketing landing page (spec §2.20) is built. */
export function LandingScreen() {
  return (
    <div className="mx-auto max-w-2xl py-10 text-center">
      <title>ValveOps · Industrial valve maintenance</title>
      <span className="mx-auto flex size-16 items-center justify-center rounded-2xl bg-brand-700 text-white">
        <Gauge className="size-9" aria-hidden="true" />
      </span>
      <h1 className="mt-5 text-3xl font-bold text-slate-900 sm:text-4xl">ValveOps</h1>
      <p className="mt-3 text-lg text-slate-700">
        Valve records, work orders and manuals in the technician's hand — on the plant floor, even offline.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/app" className={buttonClasses('primary')}>
          Open the app
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
        <Link to="/pricing" className={buttonClasses('outline')}>
          Pricing
        </Link>
      </div>
    </div>
  );
}
