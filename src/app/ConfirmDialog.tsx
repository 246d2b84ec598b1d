import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useT } from '../i18n/react';
import { button, muted, title as titleStyle } from '../theme/ui.css';
import * as css from './shell.css';

/** Confirmation before an irreversible action: a Radix dialog, focus trapped and returned. */
export function ConfirmDialog(props: {
  trigger: ReactNode;
  title: string;
  body: string;
  confirmLabel: string;
  /** The button that closes without acting, when "Cancel" would read badly beside the action ("Keep order" beside "Cancel order"). */
  cancelLabel?: string;
  tone?: 'primary' | 'danger';
  onConfirm: () => void;
}) {
  const t = useT();
  return (
    <Dialog.Root>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={css.overlay} />
        <Dialog.Content className={css.dialog}>
          <Dialog.Title className={titleStyle}>{props.title}</Dialog.Title>
          <Dialog.Description className={muted}>{props.body}</Dialog.Description>
          <div className={css.dialogActions}>
            <Dialog.Close asChild>
              <button type="button" className={button({ tone: 'secondary' })}>
                {props.cancelLabel ?? t('app.cancel')}
              </button>
            </Dialog.Close>
            <Dialog.Close asChild>
              <button type="button" className={button({ tone: props.tone ?? 'primary' })} onClick={props.onConfirm}>
                {props.confirmLabel}
              </button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
