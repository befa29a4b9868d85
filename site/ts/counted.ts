// Counts in a sentence of the page's strings (build/ui): "{n}" is the
// number, "{n:partition|partitions}" the word its number takes, the first
// for one and the second otherwise ("read 1 partition, 3 rows"). A
// language without plurals (Chinese) just writes "{n} 个分区". Pure.

/** template with each {name} and {name:one|other} of vars filled in. */
export function counted(template: string, vars: Record<string, number | string>): string {
  return template.replace(/\{(\w+)(?::([^|{}]*)\|([^{}]*))?\}/g, (all, name: string, one: string | undefined, other: string | undefined) => {
    if (!(name in vars)) return all;
    const v = vars[name];
    if (one === undefined) return String(v);
    return Number(String(v).replace(/,/g, "")) === 1 ? one : (other ?? "");
  });
}
