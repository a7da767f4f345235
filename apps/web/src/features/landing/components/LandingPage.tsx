import { LazyLiveFeed } from '@/components/live/LazyLiveFeed';
import { SITE_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';
import { useLanding } from '../api/landing';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { StatCards } from './StatCards';

export function LandingPage() {
  const { data: landing, isError } = useLanding();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <title>{m.landing_document_title({ site: SITE_NAME })}</title>
      <Hero />
      {!isError && <StatCards landing={landing} />}
      <LazyLiveFeed className="my-8" />
      <HowItWorks landing={landing} />
    </div>
  );
}
