import { Outlet } from 'react-router';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** Top bar and footer, no sidebar: landing, login, not found. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <TopBar withSidebar={false} />
      <main id="main" tabIndex={-1} className="outline-none flex flex-1 flex-col">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
