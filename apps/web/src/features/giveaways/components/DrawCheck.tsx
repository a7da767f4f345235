import { useState } from 'react';
import { CheckCircle2, Fingerprint, ShieldCheck, XCircle } from 'lucide-react';
import { checkDraw, type DrawCheck as DrawCheckResult, type GiveawayResponse } from '@rewards/contracts';
import { Button } from '@/components/ui/Button';
import { Card } from '@/components/ui/Card';
import { IconTile } from '@/components/ui/IconTile';
import { Spinner } from '@/components/ui/Spinner';
import { cn } from '@/lib/cn';
import { m } from '@/paraglide/messages.js';

/** Characters of the commitment shown before it is expanded. */
const SHOWN_HEX = 16;

type Outcome =
  { state: 'idle' } | { state: 'checking' } | { state: 'done'; result: DrawCheckResult } | { state: 'error' };

/**
 * The giveaway's commitment while it runs, and after the draw a "Check this draw" button that
 * recomputes the draw in this browser from the published data (docs/draws.md), with the same
 * function the server drew with.
 */
export function DrawCheck({ giveaway }: { giveaway: GiveawayResponse }) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const { commitment, draw } = giveaway;
  if (!commitment) return null;

  async function onCheck() {
    if (!draw || !commitment) return;
    setOutcome({ state: 'checking' });
    try {
      const result = await checkDraw({ id: giveaway.id, commitment, ...draw });
      setOutcome({ state: 'done', result });
    } catch {
      // No WebCrypto here (an insecure context): say so rather than pass or fail.
      setOutcome({ state: 'error' });
    }
  }

  return (
    <Card className="flex flex-col gap-4 p-6" data-testid="giveaway-draw">
      <div className="flex items-center gap-3">
        <IconTile icon={ShieldCheck} className="size-11 rounded-xl bg-emerald-400/10 text-emerald-300" />
        <h3 className="font-semibold text-white">{m.giveaways_draw_title()}</h3>
      </div>
      <p className="text-sm text-slate-300">
        {draw ? m.giveaways_draw_revealed_text() : m.giveaways_draw_commitment_text()}
      </p>
      <details className="group rounded-xl border border-slate-800 bg-slate-950/60 px-4 py-3 text-sm">
        <summary className="flex cursor-pointer items-center gap-2 text-slate-300">
          <Fingerprint aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
          <span>
            {m.giveaways_draw_commitment()}{' '}
            <code data-testid="giveaway-commitment" className="font-mono text-slate-100">
              {commitment.slice(0, SHOWN_HEX)}…
            </code>
          </span>
        </summary>
        <code className="mt-2 block font-mono text-xs break-all text-slate-100 select-all">{commitment}</code>
      </details>

      {draw && (
        <>
          <details className="rounded-xl border border-slate-800 bg-slate-950/60 px-4 py-3 text-sm">
            <summary className="cursor-pointer text-slate-300">{m.giveaways_draw_data()}</summary>
            <dl className="mt-3 flex flex-col gap-3">
              <div>
                <dt className="text-xs text-slate-400">{m.giveaways_draw_secret()}</dt>
                <dd className="font-mono text-xs break-all text-slate-100 select-all">{draw.secret}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-400">{m.giveaways_draw_hash()}</dt>
                <dd className="font-mono text-xs break-all text-slate-100 select-all">{draw.hash}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-400">
                  {m.giveaways_draw_entries({ count: draw.entries.length })}
                </dt>
                <dd>
                  <ol
                    start={0}
                    className="mt-1 max-h-48 list-inside list-decimal overflow-y-auto font-mono text-xs text-slate-100"
                  >
                    {draw.entries.map((name, i) => (
                      <li key={i} className={i === draw.winnerIndex ? 'text-amber-200' : undefined}>
                        {name}
                      </li>
                    ))}
                  </ol>
                </dd>
              </div>
            </dl>
          </details>
          <Button
            variant="secondary"
            onClick={() => void onCheck()}
            disabled={outcome.state === 'checking'}
            aria-busy={outcome.state === 'checking'}
          >
            {outcome.state === 'checking' ? (
              <Spinner className="size-4" />
            ) : (
              <ShieldCheck aria-hidden="true" className="size-4" />
            )}
            {m.giveaways_draw_check()}
          </Button>
          <div aria-live="polite">
            {outcome.state === 'done' && <CheckOutcome result={outcome.result} />}
            {outcome.state === 'error' && (
              <p role="status" className="text-sm text-slate-300">
                {m.giveaways_draw_unavailable()}
              </p>
            )}
          </div>
        </>
      )}
    </Card>
  );
}

function CheckOutcome({ result }: { result: DrawCheckResult }) {
  const pass = result.ok;
  const Icon = pass ? CheckCircle2 : XCircle;
  const text = !pass
    ? result.commitmentMatches
      ? m.giveaways_draw_fail_winner()
      : m.giveaways_draw_fail_commitment()
    : result.winner === null
      ? m.giveaways_draw_pass_nobody()
      : m.giveaways_draw_pass({ winner: result.winner });
  return (
    <p
      role="status"
      data-testid="draw-check-result"
      data-result={pass ? 'pass' : 'fail'}
      className={cn(
        'flex items-start gap-2 rounded-xl border p-3 text-sm',
        pass
          ? 'border-emerald-400/40 bg-emerald-400/10 text-emerald-100'
          : 'border-red-400/40 bg-red-400/10 text-red-100',
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('mt-0.5 size-4 shrink-0', pass ? 'text-emerald-300' : 'text-red-300')}
      />
      <span>{text}</span>
    </p>
  );
}
