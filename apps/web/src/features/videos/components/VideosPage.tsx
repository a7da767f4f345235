import { ArrowLeft, Clapperboard } from 'lucide-react';
import { ButtonLink } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { SITE_NAME } from '@/config/site';
import { paths } from '@/config/paths';
import { m } from '@/paraglide/messages.js';

export function VideosPage() {
  return (
    <Card className="flex flex-col items-center px-6 py-20 text-center">
      <title>{`${m.videos_document_title()} · ${SITE_NAME}`}</title>
      <span className="inline-flex size-16 items-center justify-center rounded-2xl bg-linear-to-br from-emerald-400/20 to-sky-400/20 text-emerald-300 ring-1 ring-emerald-400/30">
        <Clapperboard aria-hidden="true" className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-white sm:text-4xl">
        {m.videos_coming_soon()}
      </h1>
      <p className="mt-3 max-w-md text-slate-400">{m.videos_text()}</p>
      <ButtonLink to={paths.earn} variant="secondary" className="mt-8">
        <ArrowLeft aria-hidden="true" className="size-4" /> {m.videos_back()}
      </ButtonLink>
    </Card>
  );
}
