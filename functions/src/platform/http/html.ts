/** Escapes text for HTML the server writes itself (a mail's html part, the local checkout page). */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
