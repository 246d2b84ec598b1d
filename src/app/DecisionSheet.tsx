import type { ReactNode } from 'react';
import { useT } from '../i18n/react';
import { button } from '../theme/ui.css';
import * as css from './decisionSheet.css';
import { Sheet, SheetClose } from './Sheet';

/** One line of figures: what it is, and the amount or text. */
export interface Figure {
  label: string;
  value: ReactNode;
  /** The line the decision turns on (what remains, what arrives, the refund): emphasised, last. */
  strong?: boolean;
  /** Addresses and transaction ids: monospaced, wrapped anywhere. */
  mono?: boolean;
  testId?: string;
}

export function Figures({ lines }: { lines: Figure[] }) {
  return (
    <dl className={css.figures}>
      {lines.map((f) => (
        <div key={f.label} className={`${css.line} ${f.strong ? css.strong : ''} ${f.mono ? css.stacked : ''}`}>
          <dt className={css.label}>{f.label}</dt>
          <dd className={`${css.value} ${f.mono ? css.mono : ''}`} style={f.mono ? { textAlign: 'start' } : undefined} data-testid={f.testId}>
            {f.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The one decision form of the app (issue 24): a review before money moves, a staff confirmation, a
 * seller's agree or reject. A sheet (bottom on a phone, side panel at a desk) with the figures, the
 * consequence in words, any fields, and Cancel beside the confirming button, which stays in view.
 * The confirming button is a form submit, so Enter in a field confirms too.
 */
export function DecisionSheet(props: {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: string;
  description?: string;
  figures?: Figure[];
  /** What happens and what cannot be undone, in words. */
  consequence?: ReactNode;
  children?: ReactNode;
  problem?: string | null;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  busy?: boolean;
  disabled?: boolean;
  onConfirm: () => void;
  testId?: string;
  /** The confirming button's test id, when not `${testId}-confirm`. */
  confirmTestId?: string;
}) {
  const t = useT();
  const formId = `${props.testId ?? 'decision'}-form`;
  return (
    <Sheet
      open={props.open}
      onOpenChange={props.onOpenChange}
      trigger={props.trigger}
      title={props.title}
      description={props.description}
      side="auto"
      testId={props.testId}
      footer={
        <>
          <SheetClose asChild>
            <button type="button" className={button({ tone: 'secondary' })} data-testid={props.testId ? `${props.testId}-cancel` : undefined}>
              {t('app.cancel')}
            </button>
          </SheetClose>
          <button type="submit" form={formId} className={button({ tone: props.tone ?? 'primary' })} disabled={props.busy || props.disabled} aria-busy={props.busy || undefined} data-testid={props.confirmTestId ?? (props.testId ? `${props.testId}-confirm` : undefined)}>
            {props.confirmLabel}
          </button>
        </>
      }
    >
      <form
        id={formId}
        className={css.form}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!props.busy && !props.disabled) props.onConfirm();
        }}
      >
        {props.figures && props.figures.length > 0 ? <Figures lines={props.figures} /> : null}
        {props.consequence ? <p className={css.consequence}>{props.consequence}</p> : null}
        {props.children}
        {props.problem ? (
          <p className={css.problem} role="alert" data-testid={props.testId ? `${props.testId}-problem` : undefined}>
            {props.problem}
          </p>
        ) : null}
      </form>
    </Sheet>
  );
}
