import { LaterPanel } from './later-panel';

/** Users & Roles: User Management (issue 11). */
export function UsersTab({ superAdmin }: { superAdmin: boolean }) {
  void superAdmin;
  return <LaterPanel title="User Management">Listing users and granting or removing the admin and super admin roles.</LaterPanel>;
}
