import type { InputHTMLAttributes, ReactNode } from 'react';
import { button } from '../../src/theme/ui.css';
import { useT } from '../../src/i18n/react';
import * as css from './forms.css';

/**
 * A labelled input; marked invalid when the form's first problem is this field. Given the `problem`, its
 * message shows under the field itself and the input names it (aria-describedby), so a screen reader
 * reads it with the field.
 */
export function Field(props: { name: string; label: string; problemField: string | null; problem?: string | null; extra?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, 'name'>) {
  const { name, label, problemField, problem, extra, ...rest } = props;
  const id = `field-${name}`;
  const invalid = problemField === name;
  return (
    <div className={css.field}>
      <label className={css.label} htmlFor={id}>
        {label}
      </label>
      <div className={css.inline}>
        <input id={id} name={name} className={`${css.input} ${css.grow}`} aria-invalid={invalid} aria-describedby={invalid && problem ? `${id}-problem` : undefined} data-testid={id} {...rest} />
        {extra}
      </div>
      {invalid && problem ? <FieldProblem id={`${id}-problem`} problem={problem} /> : null}
    </div>
  );
}

/** A field's problem in words, under the field (its input names it with aria-describedby). */
export function FieldProblem({ id, problem }: { id: string; problem: string }) {
  const t = useT();
  return (
    <p id={id} className={css.problem} role="alert" data-testid={id}>
      {t(problem)}
    </p>
  );
}

/** The form's first problem (a locale key) in words, announced to screen readers. */
export function Problem({ problem }: { problem: string | null }) {
  const t = useT();
  if (!problem) return null;
  return (
    <p className={css.problem} role="alert" data-testid="form-problem">
      {t(problem)}
    </p>
  );
}

/** "Send code" with its countdown. */
export function SendCodeButton(props: { state: 'idle' | 'sending' | 'codeSent' | 'canResend'; secondsLeft: number; onSend: () => void }) {
  const t = useT();
  const label =
    props.state === 'sending' ? t('accounts.code.sending') : props.state === 'codeSent' ? t('accounts.code.resendIn', { seconds: String(props.secondsLeft) }) : props.state === 'canResend' ? t('accounts.code.resend') : t('accounts.code.send');
  return (
    <button type="button" className={button({ tone: 'secondary' })} disabled={props.state === 'sending' || props.state === 'codeSent'} onClick={props.onSend} data-testid="send-code" style={{ whiteSpace: 'nowrap' }}>
      {label}
    </button>
  );
}

/** The e-mail field and the code field with its "Send code" button, as every code-confirmed form has them. */
export function EmailCodeFields(props: {
  emailLabel: string;
  email: string;
  code: string;
  onEmail: (e: React.ChangeEvent<HTMLInputElement>) => void;
  onCode: (e: React.ChangeEvent<HTMLInputElement>) => void;
  problemField: string | null;
  codeProblemField: string | null;
  sender: { state: 'idle' | 'sending' | 'codeSent' | 'canResend'; secondsLeft: number };
  onSend: () => void;
}) {
  const t = useT();
  return (
    <>
      <Field name="email" type="email" autoComplete="email" label={props.emailLabel} value={props.email} onChange={props.onEmail} problemField={props.problemField ?? props.codeProblemField} />
      <Field
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        label={t('accounts.fields.code')}
        value={props.code}
        onChange={props.onCode}
        problemField={props.problemField}
        extra={<SendCodeButton state={props.sender.state} secondsLeft={props.sender.secondsLeft} onSend={props.onSend} />}
      />
    </>
  );
}
