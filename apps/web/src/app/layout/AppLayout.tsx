import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { SidebarNav } from './SidebarNav';
import { TopBar } from './TopBar';

/**
 * The signed-in shell: top bar, sidebar (a drawer under md), page, footer. The page fills at least
 * the screen under the top bar, so the footer starts below it: a page whose parts arrive one after
 * another grows into empty space instead of pushing a visible footer down.
 */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar withSidebar />
      <div className="flex flex-1">
        <aside className="sticky top-16 hidden h-[calc(100dvh-4rem)] w-64 shrink-0 overflow-y-auto border-r border-slate-800/80 bg-slate-950/60 px-3 py-6 md:block">
          <SidebarNav />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <main
            id="main"
            tabIndex={-1}
            className="outline-none mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 lg:px-10"
          >
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
    </div>
  );
}
