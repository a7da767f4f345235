import type { ReactNode } from 'react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import { formatRobux } from '@/lib/format';
import { m } from '@/paraglide/messages.js';
import type { TestPostbackResponse } from '../../api/offers';
import { Badge } from '@/components/ui/Badge';
import { isAccepted, verdictLabel, verdictTone } from './verdicts';

function summary(result: TestPostbackResponse): string {
  const amount = formatRobux(0.01);
  switch (result.verdict) {
    case 'credited':
      return m.admin_setup_test_result_credited({ amount });
    case 'on_hold':
      return m.admin_setup_test_result_on_hold({ amount });
    case 'held':
      return m.admin_setup_test_result_held();
    default:
      return m.admin_setup_test_result_refused();
  }
}

/** What the test postback came back with: the verdict, the answer the provider got, and the URL it used. */
export function TestPostbackResult({ result }: { result: TestPostbackResponse }) {
  const ok = isAccepted(result.verdict);
  const Icon = ok ? CheckCircle2 : XCircle;
  return (
    <div
      role="status"
      data-testid="test-postback-result"
      className={cn(
        'mt-4 rounded-xl border p-4 text-sm',
        ok ? 'border-emerald-400/40 bg-emerald-400/5' : 'border-rose-500/40 bg-rose-500/5',
      )}
    >
      <p className={cn('flex items-start gap-2 font-semibold', ok ? 'text-emerald-200' : 'text-rose-200')}>
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {ok ? m.admin_setup_test_result_accepted() : m.admin_setup_test_result_not_credited()}
      </p>
      <p className="mt-1 text-slate-300">{summary(result)}</p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-xs">
        <Row term={m.admin_setup_column_verdict()}>
          <span data-testid="test-postback-verdict">
            <Badge tone={verdictTone(result.verdict)}>{verdictLabel(result.verdict)}</Badge>
          </span>
        </Row>
        <Row term={m.admin_setup_test_result_http_status()}>
          <span className="font-mono text-slate-200">{result.status}</span>
        </Row>
        <Row term={m.admin_setup_test_result_answer()}>
          <code className="font-mono break-all whitespace-pre-wrap text-slate-200">
            {result.body === '' ? m.admin_setup_test_result_empty_body() : result.body}
          </code>
        </Row>
        <Row term={m.admin_setup_test_result_url()}>
          <code className="block max-h-32 overflow-y-auto font-mono break-all text-slate-200">
            {result.url}
          </code>
        </Row>
        <Row term={m.admin_setup_test_result_from()}>
          <span className="font-mono text-slate-200">{result.fromAddress}</span>
        </Row>
        {result.postbackId > 0 && (
          <Row term={m.admin_setup_test_result_logged_as()}>
            <span className="text-slate-200">
              {m.admin_setup_postback_number_lower({ id: result.postbackId })}
            </span>
          </Row>
        )}
      </dl>
    </div>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-semibold text-slate-400">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
