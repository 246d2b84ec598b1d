import { Role, type RoleName } from './types/user';

/** The words of each console role (issue 24): a role id never reaches the screen. */
const roleLabelKeys: Record<RoleName, string> = {
  buyer: 'desk.role.buyer',
  seller: 'desk.role.seller',
  ambassador: 'desk.role.ambassador',
  arbiter: 'desk.role.arbiter',
};

export function roleLabelKey(role: string): string {
  return (Object.values(Role) as string[]).includes(role) ? roleLabelKeys[role as RoleName] : 'desk.role.other';
}
