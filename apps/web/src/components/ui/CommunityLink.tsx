import { COMMUNITY_CHAT_NAME, COMMUNITY_CHAT_URL } from '@/config/site';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';

/** "Join the <community> server →", opening the community chat in a new tab. */
export function CommunityLink({ className }: { className?: string }) {
  return (
    <a
      href={COMMUNITY_CHAT_URL}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(className, 'text-sm font-semibold text-emerald-300 hover:text-emerald-200')}
    >
      {m.ui_join_chat_server({ name: COMMUNITY_CHAT_NAME })}
    </a>
  );
}
