import type { ReactNode } from 'react';
import { exactTime } from '../domain/dates';

/**
 * The app's one way of keeping a date, a number with its unit, or a person's own text whole inside a line of
 * another direction (issue 33, finding 10: in Arabic "2026-11-28 02:51:30" read "02:51:30 28-11-2026" and
 * "64 GB · Natural" read "GB · Natural 64"). Chat did this first; it uses these now.
 *
 * In markup: <Time> for SPEC's exact moment, <Ltr> for numbers, codes and amounts, <Bdi> for what a person
 * wrote (names, titles, variants), which takes the direction of its own first strong letter.
 * Inside a translated sentence or a joined string, where no element can go: ltrText and ownText wrap the text
 * in Unicode's isolates (LRI or FSI … PDI), which the browser treats like those elements.
 */
const leftToRightIsolate = '\u2066';
const firstStrongIsolate = '\u2068';
const popIsolate = '\u2069';

export function ltrText(text: string): string {
  return text ? `${leftToRightIsolate}${text}${popIsolate}` : text;
}

export function ownText(text: string): string {
  return text ? `${firstStrongIsolate}${text}${popIsolate}` : text;
}

/** An exact moment (SPEC's YYYY-MM-DD HH:mm:ss in the viewer's zone), always read left to right; '—' when there is none. */
export function Time({ iso, className, testId }: { iso: string | null | undefined; className?: string; testId?: string }) {
  return (
    <time dateTime={iso ?? undefined} dir="ltr" className={className} data-testid={testId}>
      {exactTime(iso) || '—'}
    </time>
  );
}

export function Ltr({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <bdi dir="ltr" className={className}>
      {children}
    </bdi>
  );
}

export function Bdi({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  return (
    <bdi dir="auto" className={className} data-testid={testId}>
      {children}
    </bdi>
  );
}
