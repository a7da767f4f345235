import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink, MessageCircle } from 'lucide-react';
import { footerQuickLinks } from '@/config/navigation';
import { COMMUNITY_CHAT_NAME, COPYRIGHT_YEAR, SITE_NAME } from '@/config/site';
import { CommunityLink, OperatorContact } from '@/components/ui/CommunityLink';
import { paths } from '@/config/paths';
import { LanguageMenu } from '@/components/ui/LanguageMenu';
import { m } from '@/paraglide/messages.js';

const linkClass =
  'rounded text-sm text-slate-400 transition-colors hover:text-emerald-300 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-400';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-bold text-white">{title}</h2>
      <ul className="flex flex-col gap-2">{children}</ul>
    </div>
  );
}

export function Footer() {
  return (
    <footer className="border-t border-slate-800/80 bg-slate-950">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-1">
          <p className="text-lg font-black tracking-tight text-white">
            RBX<span className="text-emerald-400">Rewards</span>
          </p>
          <p className="mt-2 max-w-xs text-sm text-slate-400">{m.app_footer_tagline()}</p>
          <OperatorContact className="mt-3 max-w-xs text-sm text-slate-400" />
        </div>
        <Column title={m.app_footer_quick_links()}>
          {footerQuickLinks().map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={linkClass}>
                {link.label}
              </Link>
            </li>
          ))}
        </Column>
        <Column title={m.app_nav_group_support()}>
          <li>
            <Link to={paths.help} className={linkClass}>
              {m.app_footer_help_center()}
            </Link>
          </li>
          <li>
            <CommunityLink className={linkClass}>
              {m.app_footer_chat_server({ name: COMMUNITY_CHAT_NAME })}
              <ExternalLink aria-hidden="true" className="ml-1 inline size-3.5 align-[-2px]" />
              <span className="sr-only">{m.app_new_tab()}</span>
            </CommunityLink>
          </li>
          <li>
            <Link to={paths.terms} className={linkClass}>
              {m.app_footer_terms()}
            </Link>
          </li>
          <li>
            <Link to={paths.privacy} className={linkClass}>
              {m.app_footer_privacy()}
            </Link>
          </li>
        </Column>
        <Column title={m.app_footer_stay_connected()}>
          <li className="text-sm text-slate-400">{m.app_footer_community_blurb()}</li>
          <li>
            <CommunityLink className="mt-1 inline-flex items-center gap-2 rounded-xl border border-indigo-400/30 bg-indigo-500/10 px-3.5 py-2 text-sm font-semibold text-indigo-200 transition-colors hover:bg-indigo-500/20 focus-visible:outline-2 focus-visible:outline-indigo-400">
              <MessageCircle aria-hidden="true" className="size-4" />
              {m.app_footer_join({ name: COMMUNITY_CHAT_NAME })}
              <span className="sr-only">{m.app_new_tab()}</span>
            </CommunityLink>
          </li>
        </Column>
      </div>
      <div className="border-t border-slate-800/80">
        <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-5 text-xs text-slate-400 sm:flex-row sm:justify-between sm:px-6">
          <p>{m.app_footer_rights({ year: String(COPYRIGHT_YEAR), site: SITE_NAME })}</p>
          <p>{m.app_footer_not_affiliated()}</p>
          <LanguageMenu className="self-start sm:self-auto" />
        </div>
      </div>
    </footer>
  );
}
