/** The audit log (super admins): every config, role, token and migration change. */
export function AuditLogPanel() {
  return null;
}
