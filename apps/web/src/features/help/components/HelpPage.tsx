import type { ReactNode } from 'react';
import {
  Camera,
  CircleHelp,
  ExternalLink,
  Hash,
  Mail,
  MessageCircle,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { cn } from '@/lib/cn';
import { CommunityLink, OperatorContact } from '@/components/ui/CommunityLink';
import { COMMUNITY_CHAT_NAME } from '@/config/site';
import { m } from '@/paraglide/messages.js';

const steps = [
  {
    icon: MessageCircle,
    title: () => m.help_step_join({ name: COMMUNITY_CHAT_NAME }),
    text: m.help_step_join_text,
  },
  { icon: Hash, title: m.help_step_ticket, text: m.help_step_ticket_text },
  { icon: UserRound, title: m.help_step_username, text: m.help_step_username_text },
  { icon: Camera, title: m.help_step_screenshots, text: m.help_step_screenshots_text },
];

/** A card with its icon in a tile on the left and the text beside it. */
function IconCard({
  icon: Icon,
  className,
  children,
}: {
  icon: LucideIcon;
  className: string;
  children: ReactNode;
}) {
  return (
    <Card className={cn('flex gap-4', className)}>
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-400/10 text-emerald-300">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div>{children}</div>
    </Card>
  );
}

export function HelpPage() {
  return (
    <>
      <PageHeader
        title={m.help_title()}
        documentTitle={m.help_document_title()}
        description={m.help_description()}
        icon={CircleHelp}
      />
      <ol className="grid gap-4 sm:grid-cols-2">
        {steps.map(({ icon: Icon, title, text }, index) => (
          <li key={index}>
            <IconCard icon={Icon} className="h-full p-5">
              <h2 className="font-bold text-white">
                <span className="text-emerald-300">{index + 1}.</span> {title()}
              </h2>
              <p className="mt-1 text-sm text-slate-400">{text()}</p>
            </IconCard>
          </li>
        ))}
      </ol>
      <Card className="mt-6 flex flex-col items-start gap-4 border-indigo-400/25 bg-indigo-500/5 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="text-lg font-bold text-white">{m.help_ready_title()}</h2>
          <p className="text-sm text-slate-400">{m.help_ready_text()}</p>
        </div>
        <CommunityLink className="inline-flex h-11 items-center gap-2 rounded-xl bg-indigo-600 px-5 text-sm font-semibold text-white transition-colors hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-300">
          {m.help_join_button({ name: COMMUNITY_CHAT_NAME })}{' '}
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only">{m.help_new_tab()}</span>
        </CommunityLink>
      </Card>
      <IconCard icon={Mail} className="mt-6 p-6">
        <h2 className="text-lg font-bold text-white">{m.help_email_title({ name: COMMUNITY_CHAT_NAME })}</h2>
        <p className="mt-1 text-sm text-slate-400">{m.help_email_text({ name: COMMUNITY_CHAT_NAME })}</p>
        <OperatorContact className="mt-3 text-sm text-slate-300" />
      </IconCard>
    </>
  );
}
