import { Card } from './Card';
import { Spinner } from './Spinner';

/** A page's body while its data loads: a spinner and "<label>...". */
export function LoadingCard({ label }: { label: string }) {
  return (
    <Card className="flex items-center justify-center gap-3 px-6 py-16 text-slate-300">
      <Spinner label={label} /> {label}...
    </Card>
  );
}
