import { useNavigation } from 'react-router';
import { m } from '@/paraglide/messages.js';

/** A thin bar at the top of the window while a page (and its code) loads. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      role="progressbar"
      aria-label={m.app_loading_page()}
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden"
    >
      <div className="nav-progress h-full w-1/3 bg-emerald-400 shadow-[0_0_10px] shadow-emerald-400" />
    </div>
  );
}
