import { button } from '../theme/ui.css';
import * as css from './emptyState.css';
import type { IconName } from './Icon';
import { LazyIcon } from './LazyIcon';

/**
 * An empty list, said kindly and with a way forward (issue 22): a small illustration (a soft disc with
 * the list's own icon from the icon set), one line, and a button that leads on (Go shopping, Add an address).
 */
export default function EmptyState({ icon, text, action, testId }: { icon: IconName; text: string; action?: { label: string; onClick: () => void; testId?: string }; testId?: string }) {
  return (
    <div className={css.empty} data-testid={testId}>
      <div className={css.art} aria-hidden="true">
        <svg className={css.scene} viewBox="0 0 120 96" width="120" height="96" focusable="false">
          <ellipse cx="60" cy="88" rx="34" ry="5" fill="currentColor" opacity="0.08" />
          <circle cx="60" cy="42" r="36" fill="currentColor" opacity="0.1" />
          <circle cx="60" cy="42" r="26" fill="#fff" />
          <circle cx="17" cy="24" r="4" fill="currentColor" opacity="0.25" />
          <circle cx="104" cy="16" r="3" fill="currentColor" opacity="0.35" />
          <path d="M100 60l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="currentColor" opacity="0.3" />
        </svg>
        <span className={css.icon}>
          <LazyIcon name={icon} size={30} />
        </span>
      </div>
      <p className={css.text}>{text}</p>
      {action ? (
        <button type="button" className={button({ tone: 'secondary' })} onClick={action.onClick} data-testid={action.testId}>
          {action.label}
        </button>
      ) : null}
    </div>
  );
}
