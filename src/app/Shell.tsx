import { Activity, lazy, memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { reportPageView } from '../api/reference';
import { useT } from '../i18n/react';
import { skeleton } from '../theme/ui.css';
import type { GateActor } from './gate';
import { GateContext } from './gateContext';
import { back, currentLocation, go, rememberReturn, ScreenQuery, takeReturn, useLocationKey } from './navigation';
import { closeLoginSheet, useLoginSheetOpen } from './loginSheet';
import type { RouteDef, TabDef } from './routeTypes';
import * as css from './shell.css';
import { lazyScreen, ScreenFallback } from './lazyScreen';
import { OfflineBanner, ScreenBoundary, useOnline } from './ScreenBoundary';
import { TabIcon } from './TabIcon';
import { leaveScreen, noteInput, useToasts } from './toasts';
import { useCustomBackground } from './useCustomBackground';
import { afterPaint } from './afterPaint';

const keptScreens = 8;

/** Loaded only once someone is logged in (it is no part of the first screen). */
/** Pull to refresh, and the tab's live channel while someone is signed in (src/app/PullToRefresh.tsx). */
const PullToRefresh = lazy(() => import('./PullToRefresh'));
const AccountTabBadge = lazy(() => import('./orders/AccountTabBadge').then((m) => ({ default: m.AccountTabBadge })));
/** What a visitor sees on a screen that needs a session (loaded with the rest of English). */
const LoginPrompt = lazyScreen(() => import('./LoginPrompt'));
/** The login sheet over the page (issue 33), loaded when a visitor first needs it. */
const LoginSheet = lazy(() => import('./LoginSheet'));

interface Entry {
  key: string;
  route: RouteDef;
  query: URLSearchParams;
}

/** Keeps a kept-alive screen's scroll position while it is hidden; pulled down from its top, it refreshes. */
function ScreenSlot({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const saved = useRef(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    // Not when it was at the top: setting scrollTop lays the page out at once, in the tap's frame.
    if (saved.current !== 0) el.scrollTop = saved.current;
    const onScroll = () => {
      saved.current = el.scrollTop;
    };
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, []);
  return (
    <div ref={ref} className={css.screenSlot}>
      <Suspense fallback={null}>
        <PullToRefresh slot={ref} />
      </Suspense>
      {children}
    </div>
  );
}

/**
 * One kept-alive screen. Its screen element is made once, so a navigation (this screen shown or hidden, or
 * another one opened) re-renders nothing inside it: a screen re-renders from its own state only (issue 33,
 * finding 12: every tap re-rendered all eight kept screens, the home feed's tiles among them).
 */
const KeptScreen = memo(function KeptScreen({ entry, shown, online }: { entry: Entry; shown: boolean; online: boolean }) {
  const Screen = entry.route.screen;
  const content = useMemo(
    () => (
      <Suspense fallback={<ScreenFallback />}>
        <Screen />
      </Suspense>
    ),
    [Screen],
  );
  return (
    <Activity mode={shown ? 'visible' : 'hidden'}>
      <ScreenQuery.Provider value={entry.query}>
        <ScreenSlot>
          <ScreenBoundary shown={shown} online={online}>
            {content}
          </ScreenBoundary>
        </ScreenSlot>
      </ScreenQuery.Provider>
    </Activity>
  );
});

function ToastAction({ label, to }: { label: string; to: string }) {
  return (
    <button type="button" className={css.toastAction} onClick={() => go(to)} data-testid="toast-action">
      {label}
    </button>
  );
}

/**
 * The one place of the app's toasts (issue 33): a strip of the layout between the screen and the tab bar, so
 * a toast sits above the bottom bar and never over a control (the screen gives it the room). A toast stays
 * with the screen it was shown on: the next tap that leaves that screen takes it away.
 */
function Toasts({ locationKey }: { locationKey: string }) {
  const toasts = useToasts();
  useEffect(() => {
    const note = () => noteInput();
    window.addEventListener('pointerdown', note, true);
    window.addEventListener('keydown', note, true);
    return () => {
      window.removeEventListener('pointerdown', note, true);
      window.removeEventListener('keydown', note, true);
    };
  }, []);
  useEffect(() => leaveScreen(), [locationKey]);
  return (
    <div className={css.toastStack} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className={css.toast} data-tone={toast.tone} data-testid="toast">
          {toast.text}
          {toast.action ? <ToastAction {...toast.action} /> : null}
        </div>
      ))}
    </div>
  );
}

function TabBar({ tabs, active, loggedIn, locationKey }: { tabs: readonly TabDef[]; active: string | undefined; loggedIn: boolean; locationKey: string }) {
  const t = useT();
  return (
    <nav className={css.tabBar} aria-label="Main">
      {tabs.map((tab) => (
        <button key={tab.key} type="button" className={css.tab} aria-current={tab.key === active ? 'page' : undefined} onClick={() => go(tab.path)} data-testid={`tab-${tab.key}`}>
          <span className={css.tabIconWrap}>
            <TabIcon tab={tab.key} />
            {tab.key === 'account' && loggedIn ? (
              <Suspense fallback={null}>
                <AccountTabBadge locationKey={locationKey} />
              </Suspense>
            ) : null}
          </span>
          {t(tab.labelKey)}
        </button>
      ))}
    </nav>
  );
}

/**
 * The app shell: hash routing over the route table, the login guard, analytics of every navigation,
 * the current screen kept alive (React Activity) while navigating, the tab bar and the toasts.
 */
export function Shell({ gate, routes, tabs, notFound }: { gate: GateActor; routes: readonly RouteDef[]; tabs: readonly TabDef[]; notFound: RouteDef }) {
  useLocationKey(); // re-render on every change of path or query; the location itself is read below
  const loggedIn = useSelector(gate, (s) => s.context.session !== null);
  const table = useMemo(() => new Map(routes.map((r) => [r.path, r])), [routes]);
  const { path, search } = currentLocation();
  const key = `${path}${search}`;
  const route = table.get(path) ?? notFound;
  const blocked = route.login && !loggedIn;
  const online = useOnline();
  useCustomBackground(gate); // the account's custom background gradient (issue 3)

  useEffect(() => {
    if (path === '/' || path === '') go('/index', { replace: true });
  }, [path]);

  useEffect(() => {
    if (path === '/') return;
    afterPaint(() => void reportPageView(key).catch(() => undefined));
  }, [key, path]);

  // A tab that needs a session (Publish) shows the login entry in place; any other such screen says so and
  // sends the visitor to the login entry (SPEC 2), which brings them back here once they are in.
  const promptInPlace = blocked && route.tab !== undefined;
  // The buying path's screens (cart, checkout) keep the page the visitor came from under the login sheet (issue 33).
  const sheetInPlace = blocked && route.loginSheet === true && !promptInPlace;
  useEffect(() => {
    if (!blocked || promptInPlace || sheetInPlace) return;
    rememberReturn(key);
    gate.send({ type: 'ROUTE_BLOCKED' });
  }, [blocked, promptInPlace, sheetInPlace, key, gate]);

  // The login sheet: opened by a visitor's action (Buy now, collect, follow) or by a buying-path screen; it goes
  // once someone is logged in (the page stays) or when the visitor leaves the page.
  const sheetOpen = useLoginSheetOpen();
  useEffect(() => {
    if (loggedIn && sheetOpen) {
      closeLoginSheet();
      takeReturn(); // logged in here: nothing waits at the login entry
    }
  }, [loggedIn, sheetOpen]);
  useEffect(() => closeLoginSheet(), [key]);


  const cache = useRef<Entry[]>([]);
  if (!blocked && path !== '/') {
    const kept = cache.current.find((e) => e.key === key);
    const list = cache.current.filter((e) => e !== kept);
    list.push(kept ?? { key, route, query: new URLSearchParams(search) });
    cache.current = list.slice(-keptScreens);
  }
  // A screen that needs login is dropped from the cache when the session ends.
  if (!loggedIn) cache.current = cache.current.filter((e) => !e.route.login);
  // Under a buying-path screen's login sheet, the page the visitor came from stays in view.
  const shownKey = !blocked ? key : sheetInPlace ? (cache.current.at(-1)?.key ?? null) : null;

  return (
    <GateContext.Provider value={gate}>
      {/* A desk (the route table's `wide`) uses a desktop's width; the other screens keep the phone column. */}
      <div className={css.frame} data-wide={route.wide ? '' : undefined}>
        <OfflineBanner />
        <main className={css.viewport}>
          {cache.current.map((entry) => (
            <KeptScreen key={entry.key} entry={entry} shown={entry.key === shownKey} online={online} />
          ))}
          {blocked && !sheetInPlace ? (
            <div className={css.screenSlot}>
              <ScreenBoundary shown online={online}>
                <Suspense fallback={<ScreenFallback />}>
                  <LoginPrompt />
                </Suspense>
              </ScreenBoundary>
            </div>
          ) : null}
        </main>
        <Toasts locationKey={key} />
        {route.tab !== undefined && <TabBar tabs={tabs} active={route.tab} loggedIn={loggedIn} locationKey={key} />}
        {(sheetOpen || sheetInPlace) && !loggedIn ? (
          <Suspense fallback={null}>
            <LoginSheet
              onClose={() => {
                closeLoginSheet();
                if (sheetInPlace) back('/index');
              }}
            />
          </Suspense>
        ) : null}
      </div>
    </GateContext.Provider>
  );
}
