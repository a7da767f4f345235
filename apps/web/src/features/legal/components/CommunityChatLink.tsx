import { COMMUNITY_CHAT_NAME } from '@/config/site';
import { CommunityLink } from '@/components/ui/CommunityLink';
import { m } from '@/paraglide/messages.js';

export function CommunityChatLink() {
  return (
    <CommunityLink className="font-semibold text-emerald-300 underline decoration-emerald-400/40 underline-offset-2 hover:decoration-emerald-300">
      {m.legal_community_link({ name: COMMUNITY_CHAT_NAME })}
    </CommunityLink>
  );
}
