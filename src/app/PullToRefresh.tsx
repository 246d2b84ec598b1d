import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useT } from '../i18n/react';
import { refreshShown } from './freshness';
import { useGate } from './gateContext';
import { Icon } from './Icon';
import { startLive } from './live/channel';
import * as css from './pullToRefresh.css';

/** How far (px, after damping) a pull goes before letting go refreshes. */
const threshold = 64;
const damping = 0.5;
const shownFor = 700;

/** Whether the touch starts where a pull means "refresh": everything between it and the slot is scrolled to its top. */
function atTop(target: EventTarget | null, slot: HTMLElement): boolean {
  for (let el = target instanceof Element ? target : null; el && el !== slot.parentElement; el = el.parentElement) {
    if (el.scrollTop > 0) return false;
  }
  return true;
}

/**
 * Pull to refresh (issue 23), the mobile convention, as the manual way out on every kept screen: pull
 * the shown screen down from its top and let go, and all it shows is read again (src/app/freshness.ts).
 * Touch events on the screen's scrolling slot; the same refresh is a button for the keyboard (shown when
 * focused) and for assistive technology. Loaded lazily by the shell, in the shown screen's slot, it
 * also holds the tab's live channel open while someone is signed in (src/app/live/channel.ts).
 */
export default function PullToRefresh({ slot }: { slot: RefObject<HTMLDivElement | null> }) {
  const t = useT();
  const signedIn = useSelector(useGate(), (s) => s.context.session !== null);
  useEffect(() => (signedIn ? startLive() : undefined), [signedIn]);
  const [pull, setPull] = useState(0);
  const [busy, setBusy] = useState(false);
  const pulled = useRef(0);
  const refresh = () => {
    refreshShown(null);
    setBusy(true);
    setTimeout(() => setBusy(false), shownFor);
  };
  const refreshRef = useRef(refresh);
  refreshRef.current = refresh;

  useEffect(() => {
    const el = slot.current;
    if (!el) return;
    let start: { x: number; y: number } | null = null;
    const set = (px: number) => {
      pulled.current = px;
      setPull(px);
    };
    const down = (e: TouchEvent) => {
      const touch = e.touches[0];
      start = e.touches.length === 1 && touch && atTop(e.target, el) ? { x: touch.clientX, y: touch.clientY } : null;
    };
    const move = (e: TouchEvent) => {
      const touch = e.touches[0];
      if (!start || !touch) return;
      const dy = touch.clientY - start.y;
      if (dy <= 0 || Math.abs(touch.clientX - start.x) > dy) {
        if (pulled.current > 0) set(0);
        if (dy < 0) start = null; // scrolling the screen, not pulling it
        return;
      }
      set(Math.min(dy * damping, threshold * 1.5));
    };
    const up = () => {
      if (start && pulled.current >= threshold) refreshRef.current();
      start = null;
      set(0);
    };
    el.addEventListener('touchstart', down, { passive: true });
    el.addEventListener('touchmove', move, { passive: true });
    el.addEventListener('touchend', up);
    el.addEventListener('touchcancel', up);
    return () => {
      el.removeEventListener('touchstart', down);
      el.removeEventListener('touchmove', move);
      el.removeEventListener('touchend', up);
      el.removeEventListener('touchcancel', up);
    };
  }, [slot]);

  const label = busy ? t('live.refreshing') : pull >= threshold ? t('live.release') : pull > 0 ? t('live.pull') : '';
  return (
    <>
      <button type="button" className={css.button} onClick={refresh} data-testid="refresh-screen">
        {t('live.refresh')}
      </button>
      <div className={css.holder} aria-hidden={label === ''}>
        <span className={css.pill} role="status" style={{ opacity: label ? 1 : 0, transform: `translateY(${16 + (busy ? threshold : pull) / 2}px)` }} data-testid="pull-status">
          <Icon name={busy ? 'refresh' : pull >= threshold ? 'arrowUp' : 'arrowDown'} size={14} />
          {label}
        </span>
      </div>
    </>
  );
}
