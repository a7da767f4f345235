import type { ReactNode } from 'react';
import { COMMUNITY_CHAT_NAME } from '@/config/site';
import { cn } from '@/lib/cn';
import { useOperator } from '@/lib/site-config';
import { m } from '@/paraglide/messages.js';

/**
 * A link to the community chat (the operator's COMMUNITY_URL), opening in a new tab; until the site's
 * config has arrived, its text alone. Without children: "Join the <community> server →".
 */
export function CommunityLink({ className, children }: { className?: string; children?: ReactNode }) {
  const operator = useOperator();
  const text = children ?? m.ui_join_chat_server({ name: COMMUNITY_CHAT_NAME });
  if (!operator) return <span className={className}>{text}</span>;
  return (
    <a
      href={operator.communityUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        className,
        children === undefined && 'text-sm font-semibold text-emerald-300 hover:text-emerald-200',
      )}
    >
      {text}
    </a>
  );
}

/**
 * Who runs the site, where, and an e-mail link (a `mailto:`): a way to reach the operator without a
 * chat account. Nothing until the site's config has arrived.
 */
export function OperatorContact({
  className,
  linkClassName,
}: {
  className?: string;
  linkClassName?: string;
}) {
  const operator = useOperator();
  if (!operator) return null;
  return (
    <p className={className}>
      {m.ui_operator_run_by({ name: operator.name, address: operator.address })} {m.ui_operator_email()}{' '}
      <a
        href={`mailto:${operator.email}`}
        className={cn(
          'font-semibold underline decoration-emerald-400/40 underline-offset-2 hover:decoration-emerald-300',
          linkClassName ?? 'text-emerald-300',
        )}
      >
        {operator.email}
      </a>
    </p>
  );
}
