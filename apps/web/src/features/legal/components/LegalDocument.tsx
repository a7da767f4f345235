import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { PageHeader } from '@/components/ui/PageHeader';
import { LEGAL_LAST_UPDATED } from '@/config/site';
import { formatMonthYear } from '@/lib/format';
import { m } from '@/paraglide/messages.js';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A static legal text: title, "Last updated", numbered sections. */
export function LegalDocument({
  title,
  icon,
  intro,
  sections,
}: {
  title: string;
  icon: LucideIcon;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <>
      <PageHeader
        title={title}
        description={m.legal_last_updated({ date: formatMonthYear(LEGAL_LAST_UPDATED) })}
        icon={icon}
      />
      <Card className="p-6 sm:p-10">
        <div className="max-w-3xl text-[15px] leading-relaxed text-slate-300">
          <p>{intro}</p>
          {sections.map((section, index) => (
            <section key={section.heading} className="mt-8">
              <h2 className="mb-3 text-lg font-bold text-white">
                {index + 1}. {section.heading}
              </h2>
              <div className="flex flex-col gap-3">{section.body}</div>
            </section>
          ))}
        </div>
      </Card>
    </>
  );
}

/** A bulleted list inside a legal section. */
export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="flex list-disc flex-col gap-1.5 pl-5 marker:text-emerald-400">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
