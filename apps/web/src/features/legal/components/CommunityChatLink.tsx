import { COMMUNITY_CHAT_NAME, COMMUNITY_CHAT_URL } from '@/config/site';
import { m } from '@/paraglide/messages.js';

export function CommunityChatLink() {
  return (
    <a
      href={COMMUNITY_CHAT_URL}
      target="_blank"
      rel="noopener noreferrer"
      className="font-semibold text-emerald-300 underline decoration-emerald-400/40 underline-offset-2 hover:decoration-emerald-300"
    >
      {m.legal_community_link({ name: COMMUNITY_CHAT_NAME })}
    </a>
  );
}
