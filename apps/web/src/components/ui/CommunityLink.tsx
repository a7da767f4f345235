import { COMMUNITY_CHAT_NAME, COMMUNITY_CHAT_URL } from '@/config/site';
import { cn } from '@/lib/cn';

/** "Join the <community> server →", opening the community chat in a new tab. */
export function CommunityLink({ className }: { className?: string }) {
  return (
    <a
      href={COMMUNITY_CHAT_URL}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(className, 'text-sm font-semibold text-emerald-300 hover:text-emerald-200')}
    >
      Join the {COMMUNITY_CHAT_NAME} server →
    </a>
  );
}
