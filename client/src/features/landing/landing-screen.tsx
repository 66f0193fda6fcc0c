import { TEXTS } from '@common/texts';
import {
  ArrowRight,
  Award,
  Building2,
  CheckCircle2,
  Factory,
  Gauge,
  Quote,
  ShieldCheck,
  TrendingDown,
  Wrench,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { RoiCalculator } from './components/roi-calculator';
import { DEMOS, FEATURES, PROBLEMS, TESTIMONIALS } from './content';

const T = TEXTS.landing;

const STATS = [
  { text: T.stats.downtime, icon: TrendingDown },
  { text: T.stats.costs, icon: Wrench },
  { text: T.stats.facilities, icon: Building2 },
  { text: T.stats.uptime, icon: Gauge },
  { text: T.stats.soc2, icon: ShieldCheck },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mt-14 scroll-mt-20">
      <h2 id={`${id}-title`} className="text-2xl font-bold text-slate-900 sm:text-3xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Spec §2.20: the marketing landing page at /. Static: no data is fetched, so it shows at once. */
export function LandingScreen() {
  return (
    <div className="pb-6">
      <title>ValveOps · Industrial valve maintenance</title>

      <section
        aria-labelledby="hero-title"
        className="rounded-2xl bg-slate-900 px-5 py-10 text-white sm:px-10 sm:py-14"
      >
        <nav aria-label="On this page" className="-mx-3 -mt-4 mb-4 flex flex-wrap">
          {[
            { href: '#features', label: 'Features' },
            { href: '#industries', label: 'Industries' },
            { href: '#roi', label: 'ROI' },
          ].map((l) => (
            <a
              key={l.href}
              href={l.href}
              className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-slate-200 hover:text-white"
            >
              {l.label}
            </a>
          ))}
          <Link
            to="/pricing"
            className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-slate-200 hover:text-white"
          >
            Pricing
          </Link>
        </nav>
        {/* The product's name heads the page, with the promise as the rest of the heading. */}
        <h1 id="hero-title">
          <span className="flex items-center gap-2 text-sm font-semibold tracking-wide text-blue-200 uppercase">
            <Gauge className="size-5" aria-hidden="true" />
            ValveOps
          </span>{' '}
          <span className="mt-3 block max-w-3xl text-3xl leading-tight font-bold sm:text-5xl">{T.heroTitle}</span>
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">{T.heroBody}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/pricing" className={buttonClasses('primary', 'md', 'bg-blue-600 hover:bg-blue-500')}>
            {T.freeTrial}
            <ArrowRight className="size-5" aria-hidden="true" />
          </Link>
          <Link
            to="/app"
            className={buttonClasses('outline', 'md', 'border-slate-500 bg-transparent text-white hover:bg-slate-800')}
          >
            {T.openApp}
          </Link>
        </div>
      </section>

      <ul aria-label="ValveOps in figures" className="mt-6 grid grid-cols-2 gap-2 sm:gap-3 lg:grid-cols-5">
        {STATS.map(({ text, icon: Icon }, i) => (
          <li key={text} className={i === 0 ? 'col-span-2 lg:col-span-1' : undefined}>
            <Card className="flex h-full items-center gap-3 p-4">
              <Icon className="size-6 shrink-0 text-brand-700" aria-hidden="true" />
              <span className="text-base font-bold text-slate-900">{text}</span>
            </Card>
          </li>
        ))}
      </ul>

      <Section id="problem" title={T.problemTitle}>
        <ul className="mt-5 grid gap-3 md:grid-cols-3">
          {PROBLEMS.map((p) => (
            <li key={p.title}>
              <Card className="h-full p-5">
                <h3 className="text-lg font-semibold text-slate-900">{p.title}</h3>
                <p className="mt-2 text-base text-slate-700">{p.body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="features" title={T.featuresTitle}>
        <ul className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, body }) => (
            <li key={title}>
              <Card className="h-full p-5">
                <Icon className="size-7 text-brand-700" aria-hidden="true" />
                <h3 className="mt-3 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-base text-slate-700">{body}</p>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="industries" title={T.industriesTitle}>
        <ul className="mt-5 grid grid-cols-2 gap-2 sm:grid-cols-3">
          {T.industries.map((name) => (
            <li key={name} className="flex min-h-12 items-center gap-2 rounded-xl bg-slate-100 px-4 py-3">
              <Factory className="size-5 shrink-0 text-slate-700" aria-hidden="true" />
              <span className="text-base font-semibold text-slate-900">{name}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="demo" title={T.demoTitle}>
        <Tabs defaultValue="dashboard" className="mt-5">
          <TabsList aria-label="Demo">
            {(Object.keys(DEMOS) as (keyof typeof DEMOS)[]).map((key) => (
              <TabsTrigger key={key} value={key}>
                {T.demoTabs[key]}
              </TabsTrigger>
            ))}
          </TabsList>
          {(Object.keys(DEMOS) as (keyof typeof DEMOS)[]).map((key) => {
            const demo = DEMOS[key];
            return (
              <TabsContent key={key} value={key}>
                <Card className="grid gap-5 p-5 md:grid-cols-2">
                  <div>
                    <h3 className="text-xl font-semibold text-slate-900">{T.demoTabs[key]}</h3>
                    <p className="mt-2 text-base text-slate-700">{demo.body}</p>
                    <Link to={demo.to} className={buttonClasses('primary', 'md', 'mt-5')}>
                      {demo.link}
                      <ArrowRight className="size-5" aria-hidden="true" />
                    </Link>
                  </div>
                  <div className="grid gap-3">
                    {/* A real screen of the demo plant (made by `npm run screenshots`). */}
                    <img
                      src={`/landing/${key}.webp`}
                      alt={`The ${T.demoTabs[key]} screen of the demo plant`}
                      width={960}
                      height={600}
                      loading="lazy"
                      className="h-auto w-full rounded-lg border border-slate-200 bg-slate-100 shadow-sm"
                    />
                    <ul aria-label={`${T.demoTabs[key]} at a glance`} className="grid grid-cols-2 gap-2">
                      {demo.lines.map((line) => (
                        <li
                          key={line}
                          className="rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm font-semibold text-slate-800"
                        >
                          {line}
                        </li>
                      ))}
                    </ul>
                  </div>
                </Card>
              </TabsContent>
            );
          })}
        </Tabs>
      </Section>

      <Section id="testimonials" title={T.testimonialsTitle}>
        <ul className="mt-5 grid gap-3 md:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.who}>
              <figure className="h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
                <Quote className="size-6 text-brand-700" aria-hidden="true" />
                <blockquote className="mt-2 text-base text-slate-800">{t.quote}</blockquote>
                <figcaption className="mt-3 text-sm font-semibold text-slate-600">{t.who}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="roi" title={T.roiTitle}>
        <p className="mt-2 text-base text-slate-700">
          Put in your plant's figures to see what the reported results mean for you.
        </p>
        <div className="mt-5">
          <RoiCalculator />
        </div>
      </Section>

      <section aria-labelledby="cta-title" className="mt-14 rounded-2xl bg-brand-700 px-5 py-10 text-center text-white">
        <Award className="mx-auto size-10" aria-hidden="true" />
        <h2 id="cta-title" className="mt-3 text-2xl font-bold sm:text-3xl">
          {T.ctaTitle}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-blue-50">
          <CheckCircle2 className="mr-1 inline size-5 align-[-3px]" aria-hidden="true" />
          {`${T.trialClaim}. Set up in an afternoon, with your valves and your manuals.`}
        </p>
        <Link to="/pricing" className={buttonClasses('outline', 'md', 'mt-6 border-white')}>
          {T.ctaButton}
          <ArrowRight className="size-5" aria-hidden="true" />
        </Link>
      </section>
    </div>
  );
}
