import { EmailForm } from './EmailForm';

/** /mine/modify-email: change the account's e-mail with a code sent to the new address. */
export default function ModifyEmailScreen() {
  return <EmailForm bind={false} />;
}
