import { Camera, CircleHelp, ExternalLink, Hash, MessageCircle, UserRound } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { COMMUNITY_CHAT_NAME, COMMUNITY_CHAT_URL } from '@/config/site';

const steps = [
  {
    icon: MessageCircle,
    title: `Join our ${COMMUNITY_CHAT_NAME} server`,
    text: 'Our support team answers every question on the community chat server.',
  },
  {
    icon: Hash,
    title: 'Open a ticket',
    text: 'Go to the support channel and open a ticket, so only you and our staff can read it.',
  },
  {
    icon: UserRound,
    title: 'Tell us your Roblox username',
    text: 'Include the Roblox username you sign in with, so we can find your account.',
  },
  {
    icon: Camera,
    title: 'Add screenshots',
    text: 'Screenshots of the problem (an offer, a withdrawal, an error message) help us solve it quickly.',
  },
];

export function HelpPage() {
  return (
    <>
      <PageHeader
        title="Help Center"
        documentTitle="Help"
        description="Something not working, or missing a reward? Here is how to reach us."
        icon={CircleHelp}
      />
      <ol className="grid gap-4 sm:grid-cols-2">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={title}>
            <Card className="flex h-full gap-4 p-5">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-400/10 text-emerald-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h2 className="font-bold text-white">
                  <span className="text-emerald-300">{index + 1}.</span> {title}
                </h2>
                <p className="mt-1 text-sm text-slate-400">{text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ol>
      <Card className="mt-6 flex flex-col items-start gap-4 border-indigo-400/25 bg-indigo-500/5 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-bold text-white">Ready to open a ticket?</h2>
          <p className="text-sm text-slate-400">Have your Roblox username and screenshots ready.</p>
        </div>
        <a
          href={COMMUNITY_CHAT_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex h-11 items-center gap-2 rounded-xl bg-indigo-600 px-5 text-sm font-semibold text-white transition-colors hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300"
        >
          Join the {COMMUNITY_CHAT_NAME} server <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      </Card>
    </>
  );
}
