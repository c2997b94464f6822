import { Outlet } from 'react-router-dom';

/** The app shell around every page. */
export function Layout() {
  return (
    <div className="app">
      <main className="page">
        <Outlet />
      </main>
      <footer className="footer">
        Not affiliated with, endorsed by or connected to Fen Research or Brighter Shores.
      </footer>
    </div>
  );
}
