import {
  useId,
  type ComponentProps,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/lib/cn';

/** What every text box, select and text area looks like, whatever its size. */
const controlClass =
  'min-w-0 rounded-xl border bg-slate-950/60 text-white placeholder:text-slate-500 ' +
  'transition-colors focus:outline-none focus:ring-2 disabled:opacity-60';
/**
 * Its border, fine or refused: one or the other, never both (of two colour classes the stylesheet's
 * order decides, not the class list's, and the refused one came first).
 */
const borderClass = {
  fine: 'border-slate-700 focus:border-emerald-400 focus:ring-emerald-400/30',
  refused: 'border-rose-500/80 focus:border-rose-400 focus:ring-rose-400/30',
};

/** The player pages' tall fields and the console's compact ones. */
const sizes = {
  regular: {
    frame: 'gap-2',
    label: 'text-sm font-medium text-slate-200',
    control: 'w-full px-4 text-base',
    height: 'h-12',
    hint: 'text-xs text-slate-400',
  },
  compact: {
    frame: 'gap-1.5',
    label: 'text-xs font-semibold text-slate-300',
    control: 'w-full px-3 text-sm',
    height: 'h-10',
    hint: 'text-xs text-slate-500',
  },
} as const;

interface FrameProps {
  label: string;
  hint?: ReactNode;
  /**
   * What is wrong with the value: shown under the field and tied to it (aria-invalid, aria-describedby).
   * `true`: the value is refused and the refusal is said elsewhere (a toast the spec names), so the
   * field is only marked invalid and the words are not said twice.
   */
  error?: ReactNode;
  compact?: boolean;
  className?: string;
  id?: string;
}

/** What a control inside a FieldFrame gets: the attributes that tie it to its label and hint, and its look. */
type ControlSlot = (
  attrs: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true },
  look: { control: string; height: string },
) => ReactNode;

/** Separates the frame's props (label, hint, size, outer class, id) from the control's own. */
function splitFrame<P extends FrameProps>({ label, hint, error, compact, className, id, ...control }: P) {
  return [{ label, hint, error, compact, className, id }, control] as const;
}

/** The label above a form control (tied to it by id) and the hint below it. */
function FieldFrame({
  label,
  hint,
  error,
  compact,
  className,
  id,
  control,
}: FrameProps & { control: ControlSlot }) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorText = error === true ? null : error;
  const errorId = errorText ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const size = sizes[compact ? 'compact' : 'regular'];
  return (
    <div className={cn('flex min-w-0 flex-col', size.frame, className)}>
      <label htmlFor={controlId} className={size.label}>
        {label}
      </label>
      {control(
        {
          id: controlId,
          'aria-describedby': describedBy,
          ...(error ? { 'aria-invalid': true as const } : {}),
        },
        {
          control: cn(controlClass, size.control, error ? borderClass.refused : borderClass.fine),
          height: size.height,
        },
      )}
      {errorText && (
        <p id={errorId} className="text-sm font-medium text-rose-300">
          {errorText}
        </p>
      )}
      {hint && (
        <p id={hintId} className={size.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/** A labelled input, optionally with an icon inside it on the left. */
export function TextField({
  icon,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & FrameProps & { icon?: ReactNode }) {
  const [frame, input] = splitFrame(props);
  return (
    <FieldFrame
      {...frame}
      control={(attrs, look) => (
        <div className="relative">
          {icon && (
            <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-400">
              {icon}
            </span>
          )}
          <input
            {...attrs}
            className={cn(look.control, look.height, icon ? 'pl-11' : undefined)}
            {...input}
          />
        </div>
      )}
    />
  );
}

/** An R$ amount greater than 0, to the cent. */
export function AmountField(props: ComponentProps<typeof TextField>) {
  return <TextField type="number" inputMode="decimal" min={0.01} step={0.01} {...props} />;
}

export function SelectField(props: SelectHTMLAttributes<HTMLSelectElement> & FrameProps) {
  const [frame, select] = splitFrame(props);
  return (
    <FieldFrame
      {...frame}
      control={(attrs, look) => <select {...attrs} className={cn(look.control, look.height)} {...select} />}
    />
  );
}

/**
 * A select of fixed choices: `options` in order, each shown as `labelOf(option)`; `anyLabel` adds a
 * first choice with the value '' (a filter's "All …").
 */
export function ChoiceField<T extends string>({
  options,
  labelOf,
  anyLabel,
  onChoose,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'children'> &
  FrameProps & {
    options: readonly T[];
    labelOf: (option: T) => string;
    anyLabel?: string;
    onChoose: (option: T) => void;
  }) {
  return (
    <SelectField {...props} onChange={(event) => onChoose(event.target.value as T)}>
      {anyLabel !== undefined && <option value="">{anyLabel}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {labelOf(option)}
        </option>
      ))}
    </SelectField>
  );
}

export function TextAreaField(props: TextareaHTMLAttributes<HTMLTextAreaElement> & FrameProps) {
  const [frame, area] = splitFrame(props);
  return (
    <FieldFrame
      {...frame}
      control={(attrs, look) => (
        <textarea {...attrs} className={cn(look.control, 'min-h-20 py-2')} {...area} />
      )}
    />
  );
}

/** An input without a visible label (inside a table row); `aria-label` is required. */
export function InlineInput({
  className,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { 'aria-label': string }) {
  return <input className={cn(controlClass, borderClass.fine, 'h-9 px-3 text-sm', className)} {...props} />;
}
