import { useEffect, useId, useState } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { LayoutDashboard, LogOut, Menu, Settings, X } from 'lucide-react';
import { POST_LOGIN_PATH_HEADER } from '@codewright/contract';
import { BrandLink } from '../brand.tsx';
import { Button, buttonClasses } from '../ui/button.tsx';
import { cn } from '../ui/cn.ts';
import { PUBLIC_NAV_LINKS } from '../nav-links.ts';
import { LazyAuthDialog, useAuth, type AuthMode } from '../../features/auth/index.ts';
import { useTrackCta } from '../../features/analytics/index.ts';

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors',
    isActive ? 'bg-white/[0.06] text-fg' : 'text-muted hover:text-fg',
  );

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn(
    'block rounded-lg px-3 py-2.5 text-base font-medium transition-colors',
    isActive ? 'bg-accent-soft text-fg' : 'text-muted hover:bg-white/5 hover:text-fg',
  );

/** Shared header (SPEC §2.2). Sign In / Get Started open the auth dialog, returning to /dashboard. */
export function SiteHeader() {
  const { loadAuth, status } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // The menu is open for the location it was opened on: any navigation (choosing a link) closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === location.key;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? location.key : null);
  const [dialogMode, setDialogMode] = useState<AuthMode | null>(null);
  const menuId = useId();
  const trackCta = useTrackCta();

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMenuOpenAt(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  const openDialog = (mode: AuthMode) => {
    // Call-to-action clicks are recorded (SPEC §7.1); fire and forget.
    trackCta(mode === 'signup' ? 'Get Started' : 'Sign In');
    setMenuOpen(false);
    setDialogMode(mode);
  };

  async function signOut() {
    setMenuOpen(false);
    // Leave guarded pages first, synchronously, so their guard cannot bounce us to /sign-in.
    await navigate('/', { flushSync: true });
    try {
      await (await loadAuth()).signOut();
    } catch (error) {
      console.error('Sign out failed', error);
    }
  }

  const signedIn = status === 'signed-in';

  return (
    <header className="sticky top-0 z-40 border-b border-border bg-bg/80 backdrop-blur-md supports-[backdrop-filter]:bg-bg/65">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <BrandLink className="mr-2 md:mr-6" />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {PUBLIC_NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={desktopLink}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {status === 'loading' ? (
            <span className="h-8 w-24 animate-pulse rounded-lg bg-white/5" aria-hidden="true" />
          ) : signedIn ? (
            <>
              <NavLink to="/dashboard" className={buttonClasses('outline', 'sm')}>
                <LayoutDashboard className="size-4" aria-hidden="true" />
                Dashboard
              </NavLink>
              {/* Wrapped: a display utility on the Button itself would fight its inline-flex. */}
              <div className="hidden md:flex">
                <NavLink to="/settings" className={buttonClasses('ghost', 'sm')}>
                  <Settings className="size-4" aria-hidden="true" />
                  Settings
                </NavLink>
              </div>
              <div className="hidden md:flex">
                <Button variant="ghost" size="sm" onClick={() => void signOut()}>
                  <LogOut className="size-4" aria-hidden="true" />
                  Sign Out
                </Button>
              </div>
            </>
          ) : (
            <>
              <div className="hidden md:flex">
                <Button variant="ghost" size="sm" onClick={() => openDialog('signin')}>
                  Sign In
                </Button>
              </div>
              <Button size="sm" onClick={() => openDialog('signup')}>
                Get Started
              </Button>
            </>
          )}
          <div className="flex md:hidden">
            <Button
              variant="ghost"
              size="icon"
              aria-expanded={menuOpen}
              aria-controls={menuId}
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {menuOpen ? (
                <X className="size-5" aria-hidden="true" />
              ) : (
                <Menu className="size-5" aria-hidden="true" />
              )}
            </Button>
          </div>
        </div>
      </div>

      {menuOpen ? (
        <div id={menuId} className="animate-menu-in border-t border-border bg-bg md:hidden">
          <nav
            aria-label="Mobile"
            className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-3 sm:px-6"
          >
            <NavLink to="/" end className={mobileLink}>
              Home
            </NavLink>
            {PUBLIC_NAV_LINKS.map((link) => (
              <NavLink key={link.to} to={link.to} className={mobileLink}>
                {link.label}
              </NavLink>
            ))}
            {signedIn ? (
              <>
                <NavLink to="/dashboard" className={mobileLink}>
                  Dashboard
                </NavLink>
                <NavLink to="/settings" className={mobileLink}>
                  Settings
                </NavLink>
              </>
            ) : null}
            <div className="mt-2 border-t border-border pt-3">
              {signedIn ? (
                <Button variant="outline" className="w-full" onClick={() => void signOut()}>
                  <LogOut className="size-4" aria-hidden="true" />
                  Sign Out
                </Button>
              ) : status === 'signed-out' ? (
                <Button variant="outline" className="w-full" onClick={() => openDialog('signin')}>
                  Sign In
                </Button>
              ) : null}
            </div>
          </nav>
        </div>
      ) : null}

      <LazyAuthDialog
        open={dialogMode !== null}
        onOpenChange={(open) => !open && setDialogMode(null)}
        initialMode={dialogMode ?? 'signin'}
        redirectTo={POST_LOGIN_PATH_HEADER}
      />
    </header>
  );
}
