import { TextField } from '@/components/ui/FormField';
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
  return names.map((name) => (
    <TextField
      compact
      key={name}
      label={`${frameParamLabel(name)} (frame)`}
      value={values[name] ?? ''}
      onChange={(e) => onChange(name, e.target.value)}
      maxLength={200}
      spellCheck={false}
      autoComplete="off"
      hint={
        <>
          Fills <code className="font-mono text-slate-400">{`{${name}}`}</code> in the frame URL. Empty: the
          card reads Coming soon.
        </>
      }
    />
  ));
}
