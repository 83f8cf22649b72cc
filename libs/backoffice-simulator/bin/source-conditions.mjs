// A module resolve hook: workspace packages resolve to their TypeScript sources (the `@washops/source` export
// condition, as in tests), so the bin runs from source even when its workspace dependencies are not built.
export async function resolve(specifier, context, next) {
  return next(specifier, { ...context, conditions: [...context.conditions, '@washops/source'] });
}
