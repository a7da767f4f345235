import { useState } from 'react';
import { postbackVerdicts } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { ChoiceField } from '@/components/ui/FormField';
import { Panel } from '@/components/ui/Panel';
import {
  usePostbackDecision,
  usePostbacks,
  useReplayPostback,
  type AdminPostback,
  type AdminWall,
  type PostbackDecision,
} from '../../api/offers';
import { ListTable, LoadOlder } from '../ListStates';
import { retryFailed, SectionError } from '../SectionError';
import { cardTableProps } from './mobileCards';
import { postbackColumns, PostbackRow } from './PostbackRow';
import { verdictLabel } from './verdicts';

function describe(pb: AdminPostback): string {
  return m.admin_setup_postback_described({ id: pb.id, wall: pb.wall, transaction: pb.transId ?? '—' });
}

/** The postback log: filters by wall and verdict, raw parameters, replay of refusals, decisions on held ones. */
export function PostbackLog({ walls }: { walls: readonly AdminWall[] }) {
  const [wallFilter, setWallFilter] = useState('');
  const [verdictFilter, setVerdictFilter] = useState('');
  const postbacks = usePostbacks(wallFilter, verdictFilter);
  const replay = useReplayPostback();
  const decision = usePostbackDecision();
  const { ask, dialog } = useConfirmation();

  function resetErrors() {
    replay.reset();
    decision.reset();
  }

  function onReplay(pb: AdminPostback) {
    resetErrors();
    const question = m.admin_setup_replay_question({ postback: describe(pb) });
    ask({ title: m.admin_setup_replay_title(), question, confirm: m.admin_setup_replay() }, () =>
      replay.mutate(pb.id, {
        onSuccess: (result) =>
          toastSuccess(
            m.admin_setup_replayed({ verdict: verdictLabel(result.verdict) }),
            m.admin_setup_replay_answer({ status: result.status, body: result.body }),
          ),
      }),
    );
  }

  function onDecide(pb: AdminPostback, choice: PostbackDecision) {
    resetErrors();
    const credit = pb.amount === null ? m.admin_setup_its_credit() : formatRobux(pb.amount);
    const question =
      choice === 'approve'
        ? pb.userId === null
          ? m.admin_setup_approve_question_player({ postback: describe(pb), credit })
          : m.admin_setup_approve_question_user({ postback: describe(pb), credit, id: pb.userId })
        : m.admin_setup_reject_question({ postback: describe(pb) });
    const title = choice === 'approve' ? m.admin_setup_approve_title() : m.admin_setup_reject_title();
    const confirm = choice === 'approve' ? m.admin_setup_approve() : m.admin_setup_reject();
    ask({ title, question, confirm, danger: choice !== 'approve' }, () =>
      decision.mutate(
        { id: pb.id, decision: choice },
        {
          onSuccess: (result) =>
            toastSuccess(
              result.verdict === 'approved'
                ? m.admin_setup_postback_approved()
                : m.admin_setup_postback_rejected(),
              result.outcome
                ? m.admin_setup_credit_outcome({ verdict: verdictLabel(result.outcome) })
                : m.admin_setup_postback_number({ id: result.postbackId }),
            ),
        },
      ),
    );
  }

  const list = postbacks.data?.pages.flatMap((p) => p.postbacks) ?? [];

  return (
    <Panel
      title={m.admin_setup_postback_log_title()}
      description={m.admin_setup_postback_log_description()}
      actions={
        <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
          <ChoiceField
            compact
            label={m.admin_setup_column_wall()}
            value={wallFilter}
            onChoose={setWallFilter}
            anyLabel={m.admin_setup_all_walls()}
            options={walls.map((w) => w.slug)}
            labelOf={(slug) => walls.find((w) => w.slug === slug)?.name ?? slug}
          />
          <ChoiceField
            compact
            label={m.admin_setup_column_verdict()}
            value={verdictFilter}
            onChoose={setVerdictFilter}
            anyLabel={m.admin_setup_all_verdicts()}
            options={postbackVerdicts}
            labelOf={verdictLabel}
          />
        </div>
      }
    >
      {dialog}
      <SectionError
        error={decision.error ?? replay.error ?? postbacks.error}
        onRetry={retryFailed(postbacks)}
      />
      <ListTable
        query={postbacks}
        items={list}
        loading={m.admin_setup_postbacks_loading()}
        empty={m.admin_setup_postbacks_empty()}
        columns={postbackColumns()}
        {...cardTableProps('min-w-[44rem]')}
        row={(pb) => (
          <PostbackRow
            key={pb.id}
            pb={pb}
            busy={replay.isPending || decision.isPending}
            onReplay={() => onReplay(pb)}
            onApprove={() => onDecide(pb, 'approve')}
            onReject={() => onDecide(pb, 'reject')}
          />
        )}
      />
      <LoadOlder query={postbacks} label={m.admin_setup_postbacks_load_older()} />
    </Panel>
  );
}
