import { CalendarCheck } from 'lucide-react';
import { PageHeader } from '@/components/ui/PageHeader';
import { PlaceholderPanel } from '@/components/ui/PlaceholderPanel';

export function DailyPage() {
  return (
    <>
      <PageHeader
        title="7-Day Streak Rewards"
        description="Come back every day to claim your reward. Day 7 hides a surprise prize."
        icon={CalendarCheck}
      />
      <PlaceholderPanel icon={CalendarCheck} />
    </>
  );
}
