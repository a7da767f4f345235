import { SITE_NAME } from '@/config/site';
import { Hero } from './Hero';
import { HowItWorks } from './HowItWorks';
import { StatCards } from './StatCards';

export function LandingPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 sm:px-6">
      <title>{`${SITE_NAME}: earn free Robux, paid out instantly`}</title>
      <Hero />
      <StatCards />
      <HowItWorks />
    </div>
  );
}
