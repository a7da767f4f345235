import { TextField } from '@/components/ui/FormField';
import { m } from '@/paraglide/messages.js';
import { aroundNode } from './aroundNode';
import { frameParamLabel } from './schemes';

/**
 * One field per placeholder of the frame template that the site does not fill itself (the
 * provider's ids, e.g. `{placementId}`); an empty one keeps the card at "Coming soon".
 */
export function FrameParamFields({
  names,
  values,
  onChange,
}: {
  names: readonly string[];
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
}) {
  const [before, after] = aroundNode((placeholder) => m.admin_setup_frame_param_hint({ placeholder }));
  return names.map((name) => (
    <TextField
      compact
      key={name}
      label={m.admin_setup_frame_param_label({ name: frameParamLabel(name) })}
      value={values[name] ?? ''}
      onChange={(e) => onChange(name, e.target.value)}
      maxLength={200}
      spellCheck={false}
      autoComplete="off"
      hint={
        <>
          {before}
          <code className="font-mono text-slate-400">{`{${name}}`}</code>
          {after}
        </>
      }
    />
  ));
}
