import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { SITE_NAME } from '@/config/site';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  icon?: LucideIcon;
  /** The browser tab title; defaults to the page title. */
  documentTitle?: string;
  children?: ReactNode;
}

/** The title block at the top of a page; also sets the document title. */
export function PageHeader({ title, description, icon: Icon, documentTitle, children }: PageHeaderProps) {
  return (
    <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <title>{`${documentTitle ?? title} · ${SITE_NAME}`}</title>
      <div className="flex items-start gap-4">
        {Icon && (
          <span className="mt-1 hidden size-12 shrink-0 items-center justify-center rounded-2xl border border-emerald-400/30 bg-emerald-400/10 text-emerald-300 sm:inline-flex">
            <Icon aria-hidden="true" className="size-6" />
          </span>
        )}
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-white sm:text-3xl">{title}</h1>
          {description && <p className="mt-1.5 max-w-2xl text-slate-400">{description}</p>}
        </div>
      </div>
      {children}
    </header>
  );
}
