import { useState } from 'react';
import { postbackVerdicts } from '@rewards/contracts';
import { formatRobux } from '@/lib/format';
import { toastSuccess } from '@/lib/toast';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { DataTable } from '@/components/ui/DataTable';
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
import { ListBody, LoadOlder } from '../ListStates';
import { retryFailed, SectionError } from '../SectionError';
import { cardTableProps } from './mobileCards';
import { postbackColumns, PostbackRow } from './PostbackRow';
import { verdictLabel } from './verdicts';

function describe(pb: AdminPostback): string {
  return `postback #${pb.id} of ${pb.wall} (transaction ${pb.transId ?? '—'})`;
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
    const question = `Replay ${describe(pb)} with the wall's current settings?`;
    ask({ title: 'Replay this postback?', question, confirm: 'Replay' }, () =>
      replay.mutate(pb.id, {
        onSuccess: (result) =>
          toastSuccess(`Replayed: ${verdictLabel(result.verdict)}`, `Answer ${result.status} ${result.body}`),
      }),
    );
  }

  function onDecide(pb: AdminPostback, choice: PostbackDecision) {
    resetErrors();
    const credit = pb.amount === null ? 'its credit' : formatRobux(pb.amount);
    const player = pb.userId === null ? 'the player' : `user ${pb.userId}`;
    const question =
      choice === 'approve'
        ? `Approve ${describe(pb)}? It credits ${credit} to ${player}, once.`
        : `Reject ${describe(pb)}? Nothing is credited; the provider is not told.`;
    const title = choice === 'approve' ? 'Approve this postback?' : 'Reject this postback?';
    const confirm = choice === 'approve' ? 'Approve' : 'Reject';
    ask({ title, question, confirm, danger: choice !== 'approve' }, () =>
      decision.mutate(
        { id: pb.id, decision: choice },
        {
          onSuccess: (result) =>
            toastSuccess(
              result.verdict === 'approved' ? 'Postback approved' : 'Postback rejected',
              result.outcome ? `Credit: ${verdictLabel(result.outcome)}` : `Postback #${result.postbackId}`,
            ),
        },
      ),
    );
  }

  const list = postbacks.data?.pages.flatMap((p) => p.postbacks) ?? [];

  return (
    <Panel
      title="Postback log"
      description="Every postback received, accepted or refused, newest first. Held ones wait for your decision."
      actions={
        <div className="grid w-full grid-cols-2 gap-2 sm:w-auto">
          <ChoiceField
            compact
            label="Wall"
            value={wallFilter}
            onChoose={setWallFilter}
            anyLabel="All walls"
            options={walls.map((w) => w.slug)}
            labelOf={(slug) => walls.find((w) => w.slug === slug)?.name ?? slug}
          />
          <ChoiceField
            compact
            label="Verdict"
            value={verdictFilter}
            onChoose={setVerdictFilter}
            anyLabel="All verdicts"
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
      <ListBody
        query={postbacks}
        count={list.length}
        loading="Loading postbacks..."
        empty="No postbacks match."
      >
        <DataTable columns={postbackColumns} {...cardTableProps('min-w-[44rem]')}>
          {list.map((pb) => (
            <PostbackRow
              key={pb.id}
              pb={pb}
              busy={replay.isPending || decision.isPending}
              onReplay={() => onReplay(pb)}
              onApprove={() => onDecide(pb, 'approve')}
              onReject={() => onDecide(pb, 'reject')}
            />
          ))}
        </DataTable>
      </ListBody>
      <LoadOlder query={postbacks} label="Load older postbacks" />
    </Panel>
  );
}
