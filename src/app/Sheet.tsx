import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useT } from '../i18n/react';
import { Icon } from './Icon';
import * as css from './sheet.css';

/**
 * The one sheet of the app: a Radix dialog (focus trapped and returned, Escape and the overlay close
 * it) shown as a bottom sheet on a phone and, with `side="auto"`, as a side panel at desk widths.
 * Step forms, review sheets and pickers all use it; its actions go in `footer`, which stays in view
 * while the body scrolls.
 *
 * Controlled (`open` + `onOpenChange`) or driven by a `trigger` element.
 */
export function Sheet(props: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  side?: 'bottom' | 'auto';
  testId?: string;
  /** Where focus goes when it closes, instead of back to the trigger (call `event.preventDefault()` and move it). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const t = useT();
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      {props.trigger ? <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger> : null}
      <Dialog.Portal>
        <Dialog.Overlay className={css.overlay} />
        <Dialog.Content
          className={props.side === 'auto' ? css.auto : css.bottom}
          data-testid={props.testId}
          onCloseAutoFocus={props.onCloseAutoFocus}
          {...(props.description ? {} : { 'aria-describedby': undefined })}
        >
          <div className={css.head}>
            <div>
              <Dialog.Title className={css.title}>{props.title}</Dialog.Title>
              {props.description ? <Dialog.Description className={css.description}>{props.description}</Dialog.Description> : null}
            </div>
            <Dialog.Close asChild>
              <button type="button" className={css.close} aria-label={t('app.close')}>
                <Icon name="close" />
              </button>
            </Dialog.Close>
          </div>
          <div className={css.body}>{props.children}</div>
          {props.footer ? <div className={css.footer}>{props.footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** A button inside a sheet's footer or body that closes it (after its own onClick). */
export const SheetClose = Dialog.Close;
