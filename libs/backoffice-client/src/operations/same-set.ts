/** Whether two lists hold the same members, ignoring order and repeats. */
export function sameSet<T>(a: Iterable<T>, b: Iterable<T>): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((member) => right.has(member));
}
