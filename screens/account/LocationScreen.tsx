import { useSelector } from '@xstate/react';
import { changeAddress } from '../../src/api/accounts';
import { getWordAddress } from '../../src/api/reference';
import { useGate } from '../../src/app/gateContext';
import { ScreenHeader } from '../../src/app/ScreenHeader';
import { showToast } from '../../src/app/toasts';
import { useResource } from '../../src/app/useResource';
import { Defaults } from '../../src/domain/constants';
import { changeAddressInput } from '../../src/domain/schemas/accounts';
import { useT } from '../../src/i18n/react';
import { button, card, listRow, screen, skeleton } from '../../src/theme/ui.css';
import { useAccountForm } from './useAccountForm';
import { Icon } from '../../src/app/Icon';
import { useBackFromHere } from '../../src/app/backFromHere';

/** /mine/modify-location: the selected country (default Global) from the country list (getWordAddress level 1). */
export default function LocationScreen() {
  const leave = useBackFromHere('/mine/securitysetting');
  const t = useT();
  const gate = useGate();
  const selected = useSelector(gate, (s) => s.context.userInfo?.countryId ?? Defaults.countryId);
  const countries = useResource(() => getWordAddress(1));
  const form = useAccountForm(changeAddressInput, async (values) => {
    const info = await changeAddress(values.countryId);
    gate.send({ type: 'USER_UPDATED', userInfo: info });
    showToast(t('accounts.saved'), 'success');
    leave();
    return info;
  });
  const options = [{ id: Defaults.countryId, name: t('accounts.location.global') }, ...(countries.data?.list ?? [])];
  return (
    <>
      <ScreenHeader title={t('accounts.location.title')} backTo="/mine/securitysetting" />
      <div className={screen}>
        {countries.state === 'loading' ? (
          <div className={skeleton} style={{ height: 320 }} />
        ) : countries.state === 'failed' ? (
          <button type="button" className={button({ tone: 'secondary' })} onClick={countries.retry}>
            {t('app.retry')}
          </button>
        ) : (
          <div className={card} style={{ padding: 0, overflow: 'hidden' }} role="radiogroup" aria-label={t('accounts.location.title')}>
            {options.map((c) => (
              <button
                key={c.id}
                type="button"
                role="radio"
                aria-checked={c.id === selected}
                className={listRow}
                disabled={form.submitting}
                onClick={() => {
                  form.edit();
                  form.submit({ countryId: c.id });
                }}
                data-testid={`country-${c.id}`}
              >
                <span>{c.name}</span>
                {c.id === selected ? <Icon name="check" /> : <span />}
              </button>
            ))}
          </div>
        )}
      </div>
    </>
  );
}
