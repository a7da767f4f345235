import { Outlet } from 'react-router';
import { cn } from '@/lib/cn';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/**
 * Top bar and footer, no sidebar: landing, login, not found, and for visitors Help, Terms and Privacy
 * (`contained`: in the signed-in shell's page width and margins, as a player sees them).
 */
export function PublicLayout({ contained = false }: { contained?: boolean }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar withSidebar={false} />
      <main
        id="main"
        tabIndex={-1}
        className={cn(
          'outline-none flex flex-1 flex-col',
          contained && 'mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-10',
        )}
      >
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
