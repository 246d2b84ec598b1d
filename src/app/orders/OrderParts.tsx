import { type KeyboardEvent, type ReactNode } from 'react';
import type { OrderActionType } from '../../domain/schemas/orders';
import type { OrderView } from '../../domain/types/commerce';
import { useT } from '../../i18n/react';
import { button, muted, screen, skeleton } from '../../theme/ui.css';
import { usePager } from '../catalogue/usePager';
import { ScreenHeader } from '../ScreenHeader';
import { orderCan } from './orderCan';
import * as css from './orders.css';

/**
 * Pieces shared by the order screens of both sides: the buyer's (screens/order), the seller's
 * (screens/seller) and balance details (screens/wallet). Each side brings its own look (classes, texts,
 * test ids); the logic is here once.
 *
 * - A step on an order (cancel, refund, rate, ship, after-sales): the frame that loads the order and
 *   asks the order chart whether the step is possible, the form with its problem line and submit
 *   button, and the 1 to 5 score picker.
 * - A paged list (my orders, the seller's lists, balance details): paging by page number, the tab row,
 *   and the end of the list.
 */

// ---- a step on an order ----

/** May the viewer send this event of the order chart now? */
export const canSend = (event: OrderActionType) => (order: OrderView) => orderCan(order).has(event);

/** What a side gives the frame: its looks, the step's gate, and the content once the order is there. */
export interface OrderStepFrameProps<T> {
  title: string;
  backTo?: string;
  loaded: { state: 'loading' | 'ready' | 'failed'; data: T | null };
  loading: ReactNode;
  failed: ReactNode;
  missing?: ReactNode;
  allowed?: (data: T) => boolean;
  notPossible?: (data: T) => ReactNode;
  instead?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The header, then what was loaded (useResource's answer): the `loading` look until there is data, the
 * `failed` look (with its retry), `missing` when nothing came back, `notPossible` when `allowed` says the
 * order chart does not allow the step now, or the screen's content. `instead` stands in for all of it
 * when there is nothing to load.
 */
export function OrderStepFrame<T>(props: OrderStepFrameProps<T>) {
  const { state, data } = props.loaded;
  let content: ReactNode;
  if (props.instead !== undefined) content = props.instead;
  else if (state === 'loading' && data === null) content = props.loading;
  else if (state === 'failed') content = props.failed;
  else if (data === null) content = props.missing;
  else if (props.allowed && !props.allowed(data)) content = props.notPossible?.(data);
  else content = props.children(data);
  return (
    <>
      <ScreenHeader title={props.title} backTo={props.backTo} />
      <div className={screen}>{content}</div>
    </>
  );
}

/** The form chart's problem (a locale key) as an alert, or nothing. */
export function ProblemLine({ problem, className, testId, id }: { problem: string | null; className: string; testId?: string; id?: string }) {
  const t = useT();
  if (!problem) return null;
  return (
    <p id={id} className={className} role="alert" data-testid={testId}>
      {t(problem)}
    </p>
  );
}

/**
 * A step's form: its fields, then the problem line and the submit button. The form chart (useSubmit)
 * checks the values, so the browser's own validation is off.
 */
export function OrderStepForm(props: {
  className: string;
  testId?: string;
  onSubmit: () => void;
  problem: string | null;
  problemClassName: string;
  problemTestId?: string;
  problemId?: string;
  submitLabel: string;
  submitTestId: string;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      className={props.className}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit();
      }}
      data-testid={props.testId}
    >
      {props.children}
      <ProblemLine problem={props.problem} className={props.problemClassName} testId={props.problemTestId} id={props.problemId} />
      <button type="submit" className={button({ block: true })} disabled={props.submitDisabled} data-testid={props.submitTestId}>
        {props.submitLabel}
      </button>
    </form>
  );
}

const scores = [1, 2, 3, 4, 5] as const;

/**
 * A score of 1 to 5 as five buttons, each showing `face(score)`. With `labelledBy` it is a radio group
 * (one tab stop; the arrow keys move the choice, mirrored right to left); without, five toggle buttons.
 */
export function ScorePicker(props: {
  value: number | null;
  onChange: (score: number) => void;
  className: string;
  scoreClassName: (score: number) => string;
  face: (score: number) => ReactNode;
  scoreLabel?: (score: number) => string;
  labelledBy?: string;
  testIdPrefix: string;
}) {
  const { value, onChange } = props;
  const radio = props.labelledBy !== undefined;
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const rtl = document.documentElement.dir === 'rtl';
    const forward = e.key === 'ArrowUp' || e.key === (rtl ? 'ArrowLeft' : 'ArrowRight');
    const backward = e.key === 'ArrowDown' || e.key === (rtl ? 'ArrowRight' : 'ArrowLeft');
    if (!forward && !backward) return;
    e.preventDefault();
    const next = Math.min(5, Math.max(1, (value ?? 0) + (forward ? 1 : -1)));
    onChange(next);
    (e.currentTarget.querySelector(`[data-score="${next}"]`) as HTMLButtonElement | null)?.focus();
  };
  return (
    <div className={props.className} role={radio ? 'radiogroup' : undefined} aria-labelledby={props.labelledBy} onKeyDown={radio ? onKey : undefined}>
      {scores.map((n) => (
        <button
          key={n}
          type="button"
          role={radio ? 'radio' : undefined}
          aria-checked={radio ? value === n : undefined}
          aria-pressed={radio ? undefined : value === n}
          aria-label={props.scoreLabel?.(n)}
          tabIndex={radio ? (value === n || (value === null && n === 1) ? 0 : -1) : undefined}
          className={props.scoreClassName(n)}
          onClick={() => onChange(n)}
          data-score={radio ? n : undefined}
          data-testid={`${props.testIdPrefix}-${n}`}
        >
          {props.face(n)}
        </button>
      ))}
    </div>
  );
}

// ---- paged lists ----

/** The server's page size of the order lists and balance details (server/routes: `size ?? 20`). */
export const orderPageSize = 20;

/** The next page's cursor: a full page means there may be more; a shorter one is the last. */
export function nextPageCursor(page: number, received: number, size = orderPageSize): string | null {
  return received >= size ? String(page + 1) : null;
}

/** The page number a pager cursor stands for (null is the first page). */
export function pageOfCursor(cursor: string | null): number {
  const page = Number(cursor);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The next page's cursor of a keyset list: after its last item when the page was full; a shorter one is the last. */
export function nextAfterCursor(list: readonly { id: string }[], size = orderPageSize): string | null {
  return list.length >= size ? (list[list.length - 1]?.id ?? null) : null;
}

/**
 * A paged list whose call answers the page after an item (keyset: the server reads on from the index, a
 * deep page as fast as the first): runs the paging chart with the last item's id as its cursor.
 */
export function useAfterPages<T extends { id: string }>(loadPage: (after: string | undefined) => Promise<T[]>) {
  return usePager<T>(async (cursor) => {
    const list = await loadPage(cursor ?? undefined);
    return { list, next: nextAfterCursor(list) };
  });
}

/**
 * A paged list whose call takes a page number and answers one page: runs the paging chart
 * (machines/pager.machine.ts) with the page number as its cursor. The list is kept alive while hidden,
 * so it is read afresh each time its screen is shown.
 */
export function useOrderPages<T>(loadPage: (page: number) => Promise<T[]>) {
  return usePager<T>(async (cursor) => {
    const page = pageOfCursor(cursor);
    const list = await loadPage(page);
    return { list, next: nextPageCursor(page, list.length) };
  });
}

/** The end of a list (my orders, balance details): more as it scrolls into view or with "Load more", a skeleton while loading, a failure with its retry. */
export function PagerFooter({
  pager,
  moreLabel,
  moreTestId,
  failedText,
  retryTestId,
}: {
  pager: ReturnType<typeof usePager>;
  moreLabel: string;
  moreTestId: string;
  failedText: string;
  retryTestId: string;
}) {
  const t = useT();
  return (
    <>
      <div ref={pager.sentinel} />
      {pager.state === 'more' && (
        <button type="button" className={button({ tone: 'ghost', block: true })} onClick={pager.loadMore} data-testid={moreTestId}>
          {moreLabel}
        </button>
      )}
      {pager.state === 'loading' && pager.items.length > 0 && <div className={skeleton} style={{ height: 48 }} aria-busy="true" />}
      {pager.state === 'failed' && (
        <div className={css.empty} role="alert">
          <p className={muted}>{failedText}</p>
          <button type="button" className={button({ tone: 'secondary' })} onClick={pager.retry} data-testid={retryTestId}>
            {t('app.retry')}
          </button>
        </div>
      )}
    </>
  );
}

/**
 * A row of tabs and the panel it controls. Tab `key` has the id `${idPrefix}${key}` (the panel is
 * labelled by the current one) and the test id `${testIdPrefix}${key}`.
 */
export function OrderTabs<K extends string>(props: {
  tabs: readonly K[];
  current: K;
  onSelect: (key: K) => void;
  label: string;
  idPrefix: string;
  testIdPrefix: string;
  panelId: string;
  className: string;
  tabClassName: string;
  panelClassName?: string;
  tabContent: (key: K) => ReactNode;
  children: ReactNode;
}) {
  return (
    <>
      <div className={props.className} role="tablist" aria-label={props.label}>
        {props.tabs.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`${props.idPrefix}${key}`}
            aria-selected={key === props.current}
            aria-controls={props.panelId}
            className={props.tabClassName}
            onClick={() => props.onSelect(key)}
            data-testid={`${props.testIdPrefix}${key}`}
          >
            {props.tabContent(key)}
          </button>
        ))}
      </div>
      <div id={props.panelId} role="tabpanel" aria-labelledby={`${props.idPrefix}${props.current}`} className={props.panelClassName}>
        {props.children}
      </div>
    </>
  );
}
