import '../src/theme/theme.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { configureClient } from '../src/api/client';
import { startGate, type GateActor } from '../src/app/gate';
import { fetchLanguageOptions } from '../src/app/languageOptions';
import { go } from '../src/app/navigation';
import { noticeToast, reactToFailure } from '../src/app/reactions';
import { Shell } from '../src/app/Shell';
import { UsePiBrowser } from '../src/app/UsePiBrowser';
import { hostSettings, inCoinBrowser, initBridge } from '../src/bridge/bridge';
import { currentLanguage, loadAllMessages, restoreLanguage } from '../src/i18n/i18n';
import { notFound, routes, tabs } from './routes';

/** The composition root: language, host bridge, signed client, login gate, then the shell. */
await restoreLanguage();
const root = createRoot(document.getElementById('root') as HTMLElement);
const settings = hostSettings();

if (!inCoinBrowser(settings)) {
  await loadAllMessages();
  root.render(<UsePiBrowser />);
} else {
  void initBridge(settings).catch(() => undefined);
  let gate: GateActor | undefined;
  configureClient({
    keys: () => gate?.getSnapshot().context.session ?? null,
    language: currentLanguage,
    react: (reaction) => reactToFailure(() => gate, reaction),
  });
  gate = startGate((actor) => {
    actor.on('notice', (event) => noticeToast(event));
    actor.on('navigate', (event) => go(event.to));
    // Payments the host found incomplete at login are settled with the server right away.
    // (loaded on demand: the payment code is not part of the first screen)
    actor.on('loggedIn', () => void import('../src/app/payment').then((m) => m.settleIncompletePayments()).catch(() => undefined));
  });
  void fetchLanguageOptions();
  // The rest of English follows the first screen, so the next screen opens without waiting for it.
  setTimeout(() => void loadAllMessages().catch(() => undefined), 0);
  root.render(
    <StrictMode>
      <Shell gate={gate} routes={routes} tabs={tabs} notFound={notFound} />
    </StrictMode>,
  );
}
