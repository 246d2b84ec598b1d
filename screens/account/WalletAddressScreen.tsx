import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { setWalletAddress } from '../../src/api/accounts';
import { useGate } from '../../src/app/gateContext';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { walletAddressInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, muted, screen } from '../../src/theme/ui.css';
import { Field, Problem } from './Fields';
import * as css from './forms.css';
import { useAccountForm } from './useAccountForm';
import { useBackFromHere } from '../../src/app/backFromHere';

/** /mine/modify-wallet-address: the address entered twice (SPEC 5: must match; never a seed phrase). */
export default function WalletAddressScreen() {
  const leave = useBackFromHere('/mine/securitysetting');
  const t = useT();
  const gate = useGate();
  const current = useSelector(gate, (s) => s.context.userInfo?.walletAddress ?? null);
  const [values, setValues] = useState({ walletAddress: '', confirmWalletAddress: '' });
  const form = useAccountForm(walletAddressInput, async (input) => {
    const info = await setWalletAddress(input);
    gate.send({ type: 'USER_UPDATED', userInfo: info });
    showToast(t('accounts.saved'), 'success');
    leave();
    return info;
  });
  return (
    <>
      <ScreenHeader title={t('accounts.wallet.title')} backTo="/mine/securitysetting" />
      <div className={screen}>
        <p className={muted}>{current ? t('accounts.wallet.current', { address: current }) : t('messages.walletAddressEmpty')}</p>
        <p className={muted}>{t('accounts.wallet.warning')}</p>
        <form
          className={`${card} ${css.form}`}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            form.edit();
            form.submit(values);
          }}
        >
          <Field name="walletAddress" autoComplete="off" spellCheck={false} label={t('accounts.fields.walletAddress')} value={values.walletAddress} onChange={(e) => setValues({ ...values, walletAddress: e.target.value })} problemField={form.problemField} />
          <Field
            name="confirmWalletAddress"
            autoComplete="off"
            spellCheck={false}
            label={t('accounts.fields.confirmWalletAddress')}
            value={values.confirmWalletAddress}
            onChange={(e) => setValues({ ...values, confirmWalletAddress: e.target.value })}
            onPaste={(e) => e.preventDefault()}
            problemField={form.problemField}
          />
          <Problem problem={form.problem} />
          <button type="submit" className={button({ block: true })} disabled={form.submitting} data-testid="wallet-submit">
            {form.submitting ? t('accounts.working') : t('accounts.save')}
          </button>
        </form>
      </div>
    </>
  );
}
