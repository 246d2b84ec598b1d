import { EmailForm } from './EmailForm';

/** /mine/oneclickbindingemail: bind an e-mail and a password to the coin-browser account. */
export default function BindEmailScreen() {
  return <EmailForm bind />;
}
