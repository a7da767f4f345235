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
import { m } from '@/paraglide/messages.js';
import { humanCheckMissingMessage, useHumanCheck } from '@/components/HumanCheck';
import { useSiteConfig } from '@/lib/site-config';
import { PROMO_MESSAGES, redeemFailure, useRedeemPromoCode } from '../api/redeem';
import { IconTile } from '@/components/ui/IconTile';

interface Message {
  kind: 'success' | 'error';
  text: string;
  /** A refusal of the code entered: shown under the field (tied to it), not in the box nor toasted. */
  field?: boolean;
}

export function PromocodesPage() {
  const session = useSession();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const redeem = useRedeemPromoCode();
  const human = useHumanCheck('promo');
  const needsOffer = useSiteConfig().data?.bonusesRequireOffer === true;
  const busy = redeem.isPending;

  function refuseCode(text: string) {
    setMessage({ kind: 'error', text, field: true });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!session?.username || !session.token) {
      setMessage({ kind: 'error', text: PROMO_MESSAGES.signedOut() });
      return;
    }
    const trimmed = code.trim();
    if (!trimmed) {
      refuseCode(PROMO_MESSAGES.empty());
      return;
    }
    if (!human.ready) {
      setMessage({ kind: 'error', text: humanCheckMissingMessage() });
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
        onError: (err) => {
          const failure = redeemFailure(err);
          if (failure.field) refuseCode(failure.text);
          else setMessage({ kind: 'error', text: failure.text });
        },
        onSettled: human.reset,
      },
    );
  }

  const fieldError = message?.field ? message.text : null;
  const boxMessage = message?.field ? null : message;
  const MessageIcon = boxMessage?.kind === 'success' ? CircleCheck : CircleAlert;
  // The spec's texts carry their own emoji (❌, 🎉); others get an icon.
  const messageHasEmoji = boxMessage ? /^\p{Extended_Pictographic}/u.test(boxMessage.text) : false;

  return (
    <>
      <PageHeader title={m.promocodes_title()} description={m.promocodes_description()} icon={Ticket} />

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="p-6 sm:p-8">
          <h2 className="text-lg font-bold text-white">{m.promocodes_redeem_heading()}</h2>
          <p className="mt-1 text-sm text-slate-400">
            {m.promocodes_rules()}
            {needsOffer && ` ${m.promocodes_needs_offer()}`}
          </p>
          <form
            onSubmit={onSubmit}
            noValidate
            className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start"
          >
            <TextField
              label={m.promocodes_field_label()}
              name="code"
              placeholder={m.promocodes_placeholder()}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={100}
              value={code}
              onChange={(event) => {
                setCode(event.target.value);
                if (fieldError) setMessage(null);
              }}
              error={fieldError && <span data-testid="promo-message">{fieldError}</span>}
              disabled={busy}
              className="flex-1"
              icon={<Ticket aria-hidden="true" className="size-5" />}
            />
            <SubmitButton
              busy={busy}
              busyLabel={m.promocodes_redeeming()}
              className="h-12 w-full sm:mt-7 sm:w-auto"
            >
              {m.promocodes_redeem()}
            </SubmitButton>
          </form>
          {human.widget && <div className="mt-4">{human.widget}</div>}

          <div aria-live="polite" className="mt-5 min-h-12">
            {boxMessage && (
              <p
                role={boxMessage.kind === 'error' ? 'alert' : 'status'}
                data-testid="promo-message"
                className={cn(
                  'flex items-start gap-2.5 rounded-xl border px-4 py-3 text-sm font-medium',
                  boxMessage.kind === 'success'
                    ? 'border-emerald-400/40 bg-emerald-400/10 text-emerald-100'
                    : 'border-rose-500/40 bg-rose-500/10 text-rose-100',
                )}
              >
                {!messageHasEmoji && (
                  <MessageIcon
                    aria-hidden="true"
                    className={cn(
                      'mt-px size-4 shrink-0',
                      boxMessage.kind === 'success' ? 'text-emerald-300' : 'text-rose-300',
                    )}
                  />
                )}
                <span className="break-words">{boxMessage.text}</span>
              </p>
            )}
          </div>
        </Card>

        <Card className="flex flex-col gap-3 p-6 sm:p-8">
          <IconTile icon={MessagesSquare} className="size-11 rounded-xl bg-sky-400/10 text-sky-300" />
          <h2 className="text-lg font-bold text-white">{m.promocodes_where_heading()}</h2>
          <p className="text-sm text-slate-400">
            {m.promocodes_where_text({ community: COMMUNITY_CHAT_NAME })}
          </p>
          <CommunityLink className="mt-1" />
        </Card>
      </div>
    </>
  );
}
