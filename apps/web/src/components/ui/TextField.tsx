import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  hint?: ReactNode;
  icon?: ReactNode;
}

/** A labelled input. */
export function TextField({ label, hint, icon, className, id, ...props }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <label htmlFor={inputId} className="text-sm font-medium text-slate-200">
        {label}
      </label>
      <div className="relative">
        {icon && (
          <span className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-slate-400">
            {icon}
          </span>
        )}
        <input
          id={inputId}
          aria-describedby={hintId}
          className={cn(
            'h-12 w-full rounded-xl border border-slate-700 bg-slate-950/60 px-4 text-base text-white',
            'placeholder:text-slate-500 transition-colors',
            'focus:border-emerald-400 focus:outline-none focus:ring-2 focus:ring-emerald-400/30',
            'disabled:opacity-60',
            icon ? 'pl-11' : undefined,
          )}
          {...props}
        />
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
