import { useState } from 'react';
import { publishNotice } from '../../src/api/console';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go } from '../../src/app/navigation';
import { publishNoticeInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { Field, FieldProblem, Problem } from '../account/Fields';
import * as css from '../account/forms.css';
import { useAccountForm } from '../account/useAccountForm';

/**
 * Console · notices: publish a notice (title and text) to every user. A problem shows at its field; once
 * published, the form says so (and is empty) until the next notice is begun: typing in it is the form
 * chart's EDIT (machines/accountForm.machine.ts).
 */
export default function ConsoleNoticesScreen() {
  const t = useT();
  const [values, setValues] = useState({ title: '', body: '' });
  const form = useAccountForm(publishNoticeInput, async (input) => {
    const notice = await publishNotice(input.title, input.body);
    setValues({ title: '', body: '' });
    return notice;
  });
  const change = (next: typeof values) => {
    if (form.state === 'done') form.edit();
    setValues(next);
  };
  const atField = form.problemField === 'title' || form.problemField === 'body';
  return (
    <>
      <ScreenHeader title={t('accounts.console.noticesTitle')} backTo="/platform/console" />
      <div className={screen}>
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.edit();
            form.submit(values);
          }}
        >
          <Field name="title" label={t('accounts.console.noticeTitle')} value={values.title} onChange={(e) => change({ ...values, title: e.target.value })} problemField={form.problemField} problem={form.problem} maxLength={120} />
          <div className={css.field}>
            <label className={css.label} htmlFor="field-body">
              {t('accounts.console.noticeBody')}
            </label>
            <textarea
              id="field-body"
              className={css.textarea}
              value={values.body}
              onChange={(e) => change({ ...values, body: e.target.value })}
              aria-invalid={form.problemField === 'body'}
              aria-describedby={form.problemField === 'body' && form.problem ? 'field-body-problem' : undefined}
              data-testid="field-body"
              maxLength={5000}
            />
            {form.problemField === 'body' && form.problem ? <FieldProblem id="field-body-problem" problem={form.problem} /> : null}
          </div>
          <Problem problem={atField ? null : form.problem} />
          {form.state === 'done' ? (
            <p className={muted} role="status" data-testid="notice-published" style={{ margin: 0 }}>
              {t('accounts.console.published')}
            </p>
          ) : null}
          <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="notice-publish">
            {form.submitting ? t('accounts.working') : t('accounts.console.publish')}
          </button>
        </form>
        <button type="button" className={button({ tone: 'ghost' })} onClick={() => go('/mine/notice')}>
          {t('accounts.notice.title')}
        </button>
      </div>
    </>
  );
}
