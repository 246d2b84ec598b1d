import { useState } from 'react';
import { publishNotice } from '../../src/api/console';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { go } from '../../src/app/navigation';
import { showToast } from '../../src/app/toasts';
import { publishNoticeInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, screen } from '../../src/theme/ui.css';
import { Field, Problem } from '../account/Fields';
import * as css from '../account/forms.css';
import { useAccountForm } from '../account/useAccountForm';

/** Console · notices: publish a notice (title and text) to every user. */
export default function ConsoleNoticesScreen() {
  const t = useT();
  const [values, setValues] = useState({ title: '', body: '' });
  const form = useAccountForm(publishNoticeInput, async (input) => {
    const notice = await publishNotice(input.title, input.body);
    showToast(t('accounts.console.published'), 'success');
    setValues({ title: '', body: '' });
    return notice;
  });
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
          <Field name="title" label={t('accounts.console.noticeTitle')} value={values.title} onChange={(e) => setValues({ ...values, title: e.target.value })} problemField={form.problemField} maxLength={120} />
          <div className={css.field}>
            <label className={css.label} htmlFor="field-body">
              {t('accounts.console.noticeBody')}
            </label>
            <textarea id="field-body" className={css.textarea} value={values.body} onChange={(e) => setValues({ ...values, body: e.target.value })} aria-invalid={form.problemField === 'body'} data-testid="field-body" maxLength={5000} />
          </div>
          <Problem problem={form.problem} />
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
