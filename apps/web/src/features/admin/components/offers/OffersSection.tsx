import { useState } from 'react';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { toastSuccess } from '@/lib/toast';
import { m } from '@/paraglide/messages.js';
import { useConfirmation } from '@/components/ui/ConfirmDialog';
import { Panel } from '@/components/ui/Panel';
import { useCreateWall, useUpdateWall, useWalls, type AdminWall, type WallInput } from '../../api/offers';
import { useCan } from '../../api/me';
import { ListTable } from '../ListStates';
import { SectionPanels } from '../SectionError';
import { cardTableProps } from './mobileCards';
import { PostbackLog } from './PostbackLog';
import { TestPostbackPanel } from './TestPostbackPanel';
import { WallForm } from './WallForm';
import { wallColumns, WallRow } from './WallRow';

/** What opens above the wall list: the form (a new wall or one being edited), or a test postback. */
type Tool = { kind: 'new' } | { kind: 'edit'; wall: AdminWall } | { kind: 'test'; slug: string } | null;

/** The question before a wall is turned off (its Disable button, or saving its form with Active unticked). */
function disableQuestion(name: string) {
  return {
    title: m.admin_setup_wall_disable_title(),
    question: m.admin_setup_wall_disable_question({ name }),
    confirm: m.admin_setup_disable(),
    danger: true,
  };
}

/** Walls (list, add, edit, disable, postback URL, test postback) and the postback log. */
export function OffersSection() {
  const walls = useWalls();
  const create = useCreateWall();
  const update = useUpdateWall();
  const [tool, setTool] = useState<Tool>(null);
  const { ask, dialog } = useConfirmation();
  const [formError, setFormError] = useState<string | null>(null);
  const canEdit = useCan('walls.edit');

  function resetErrors() {
    setFormError(null);
    create.reset();
    update.reset();
  }

  function open(next: Tool) {
    resetErrors();
    setTool(next);
  }

  function onSave(input: WallInput) {
    resetErrors();
    const done = () => {
      setTool(null);
      toastSuccess(m.admin_setup_wall_saved(), input.name);
    };
    if (tool?.kind === 'new') create.mutate(input, { onSuccess: done });
    else if (tool?.kind === 'edit') {
      const { wall } = tool;
      ask(wall.active && input.active === false && disableQuestion(wall.name), () =>
        update.mutate({ slug: wall.slug, changes: input }, { onSuccess: done }),
      );
    }
  }

  function onToggle(wall: AdminWall) {
    resetErrors();
    ask(wall.active && disableQuestion(wall.name), () =>
      update.mutate(
        { slug: wall.slug, changes: { active: !wall.active } },
        {
          onSuccess: () =>
            toastSuccess(
              wall.active ? m.admin_setup_wall_disabled() : m.admin_setup_wall_enabled(),
              wall.name,
            ),
        },
      ),
    );
  }

  const wallList = walls.data?.walls ?? [];
  const formWall = tool?.kind === 'edit' ? tool.wall : null;
  // The tested wall as last loaded (its settings may have changed since the panel opened).
  const testedWall = tool?.kind === 'test' ? wallList.find((w) => w.slug === tool.slug) : undefined;

  return (
    <SectionPanels error={formError ?? create.error ?? update.error ?? walls.error} retry={walls}>
      {dialog}

      <Panel
        title={m.admin_setup_walls_title()}
        description={m.admin_setup_walls_description()}
        actions={
          canEdit &&
          tool === null && (
            <Button size="sm" onClick={() => open({ kind: 'new' })}>
              <Plus aria-hidden="true" className="size-4" /> {m.admin_setup_add_wall()}
            </Button>
          )
        }
      >
        {(tool?.kind === 'new' || tool?.kind === 'edit') && (
          <div className="mb-6 rounded-xl border border-slate-700 bg-slate-950/50 p-4">
            <h4 className="mb-4 font-semibold text-white">
              {formWall ? m.admin_setup_edit_named({ name: formWall.name }) : m.admin_setup_add_a_wall()}
            </h4>
            <WallForm
              key={formWall?.slug ?? 'new'}
              wall={formWall}
              busy={create.isPending || update.isPending}
              onSubmit={onSave}
              onCancel={() => open(null)}
              onInvalid={setFormError}
            />
          </div>
        )}
        {testedWall && (
          <TestPostbackPanel key={testedWall.slug} wall={testedWall} onClose={() => open(null)} />
        )}
        <ListTable
          query={walls}
          items={wallList}
          loading={m.admin_setup_walls_loading()}
          empty={m.admin_setup_walls_empty()}
          columns={wallColumns()}
          {...cardTableProps('min-w-[40rem]')}
          row={(wall) => (
            <WallRow
              key={wall.slug}
              wall={wall}
              busy={update.isPending}
              onEdit={() => open({ kind: 'edit', wall })}
              onTest={() => open({ kind: 'test', slug: wall.slug })}
              onToggle={() => onToggle(wall)}
            />
          )}
        />
      </Panel>

      <PostbackLog walls={wallList} />
    </SectionPanels>
  );
}
