// When a playground's completion names are still current; pure, tested under
// node (fingerprint.test.ts).

/**
 * What the completion names depend on: the schema statements of the prelude
 * and the script (CREATE, ALTER, DROP, USE). Two texts with the same ones
 * define the same tables, so their names need not be asked for again.
 */
export function schemaFingerprint(prelude: string[], script: string): string {
  const parts: string[] = [];
  for (const text of [...prelude, script]) {
    for (const stmt of text.split(";")) {
      const s = stmt.replace(/--[^\n]*|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, "").trim();
      if (/^(create|alter|drop|use)\b/i.test(s)) parts.push(s.replace(/\s+/g, " "));
    }
    parts.push("\u0000");
  }
  return parts.join(";");
}
