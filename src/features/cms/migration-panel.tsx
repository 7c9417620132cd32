/** The token migration controls (super admins, in the Config tab). */
export function MigrationPanel() {
  return null;
}
