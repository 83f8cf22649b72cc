export { escapeHtml, redirectShell } from './redirect-shell.js';
