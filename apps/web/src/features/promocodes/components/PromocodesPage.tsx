import { useState, type FormEvent } from 'react';
import { CircleAlert, CircleCheck, MessagesSquare, Ticket } from 'lucide-react';
import { Card } from '@/components/ui/Card';
import { CommunityLink } from '@/components/ui/CommunityLink';
import { PageHeader } from '@/components/ui/PageHeader';
import { SubmitButton } from '@/components/ui/SubmitButton';
import { TextField } from '@/components/ui/FormField';
import { COMMUNITY_CHAT_NAME } from '@/config/site';
import { notifyBalanceUpdated } from '@/lib/balance';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';
import { HUMAN_CHECK_MISSING_MESSAGE, useHumanCheck } from '@/components/HumanCheck';
import { useSiteConfig } from '@/lib/site-config';
import { PROMO_MESSAGES, redeemFailureMessage, useRedeemPromoCode } from '../api/redeem';
import { IconTile } from '@/components/ui/IconTile';

interface Message {
  kind: 'success' | 'error';
  text: string;
}

export function PromocodesPage() {
  const session = useSession();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const redeem = useRedeemPromoCode();
  const human = useHumanCheck('promo');
  const needsOffer = useSiteConfig().data?.bonusesRequireOffer === true;
  const busy = redeem.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!session?.username || !session.token) {
      setMessage({ kind: 'error', text: PROMO_MESSAGES.signedOut });
      return;
    }
    const trimmed = code.trim();
    if (!trimmed) {
      setMessage({ kind: 'error', text: PROMO_MESSAGES.empty });
      return;
    }
    if (!human.ready) {
      setMessage({ kind: 'error', text: HUMAN_CHECK_MISSING_MESSAGE });
      return;
    }
    setMessage(null);
    redeem.mutate(
      { username: session.username, code: trimmed, headers: human.headers },
      {
        onSuccess: (result) => {
          setMessage({ kind: 'success', text: PROMO_MESSAGES.success(result.amount) });
          setCode('');
          notifyBalanceUpdated();
        },
        onError: (err) => setMessage({ kind: 'error', text: redeemFailureMessage(err) }),
        onSettled: human.reset,
      },
    );
  }

  const MessageIcon = message?.kind === 'success' ? CircleCheck : CircleAlert;
  // The spec's texts carry their own emoji (❌, 🎉); others get an icon.
  const messageHasEmoji = message ? /^\p{Extended_Pictographic}/u.test(message.text) : false;

  return (
    <>
      <PageHeader title="Promo Codes" description="Redeem a promo code for free Robux." icon={Ticket} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-6 sm:p-8">
          <h2 className="text-lg font-bold text-white">Redeem a code</h2>
          <p className="mt-1 text-sm text-slate-400">
            Codes are not case-sensitive. Each code works once per account.
            {needsOffer && ' Codes unlock after your first completed offer.'}
          </p>
          <form onSubmit={onSubmit} noValidate className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-end">
            <TextField
              label="Promo code"
              name="code"
              placeholder="e.g. WELCOME"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={100}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              disabled={busy}
              className="flex-1"
              icon={<Ticket aria-hidden="true" className="size-5" />}
            />
            <SubmitButton busy={busy} busyLabel="Redeeming..." className="h-12 w-full sm:w-auto">
              Redeem Code
            </SubmitButton>
          </form>
          {human.widget && <div className="mt-4">{human.widget}</div>}

          <div aria-live="polite" className="mt-5 min-h-12">
            {message && (
              <p
                role={message.kind === 'error' ? 'alert' : 'status'}
                data-testid="promo-message"
                className={cn(
                  'flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm font-medium',
                  message.kind === 'success'
                    ? 'border-emerald-400/40 bg-emerald-400/10 text-emerald-100'
                    : 'border-rose-500/40 bg-rose-500/10 text-rose-100',
                )}
              >
                {!messageHasEmoji && (
                  <MessageIcon
                    aria-hidden="true"
                    className={cn(
                      'mt-px size-4 shrink-0',
                      message.kind === 'success' ? 'text-emerald-300' : 'text-rose-300',
                    )}
                  />
                )}
                <span className="break-words">{message.text}</span>
              </p>
            )}
          </div>
        </Card>

        <Card className="flex flex-col gap-3 p-6 sm:p-8">
          <IconTile icon={MessagesSquare} className="size-11 rounded-xl bg-sky-400/10 text-sky-300" />
          <h2 className="text-lg font-bold text-white">Where to find codes</h2>
          <p className="text-sm text-slate-400">
            New codes are shared on our {COMMUNITY_CHAT_NAME} community server and on our socials. They can
            have a limited number of uses or an expiry date, so be quick!
          </p>
          <CommunityLink className="mt-1" />
        </Card>
      </div>
    </>
  );
}
