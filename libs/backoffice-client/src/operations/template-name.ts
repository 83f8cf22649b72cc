/** The template with this name, case-insensitive and trimmed (protocol §5.3): POS and Back Office templates alike. */
export function findTemplateByName<T extends { name: string }>(templates: readonly T[], requested: string): T | undefined {
  const key = requested.trim().toLowerCase();
  return templates.find((t) => t.name.toLowerCase() === key);
}
