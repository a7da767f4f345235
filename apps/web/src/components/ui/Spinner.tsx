import { LoaderCircle } from 'lucide-react';
import { cn } from '@/lib/cn';

/** A spinning loader. With a label it is announced as a status; without, it is decorative. */
export function Spinner({ className, label }: { className?: string; label?: string }) {
  const icon = <LoaderCircle aria-hidden="true" className={cn('size-5 animate-spin', className)} />;
  if (!label) return icon;
  return (
    <span role="status" className="inline-flex items-center">
      {icon}
      <span className="sr-only">{label}</span>
    </span>
  );
}
