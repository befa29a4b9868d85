// Runs script.cql's statements one by one through the Node.js driver
// against a server (host, port in argv) and prints, per statement, one JSON
// line: the columns and rows (values as text), or the error.
const cassandra = require('cassandra-driver');
const fs = require('fs');

const [host, port, script] = process.argv.slice(2);
const client = new cassandra.Client({
  contactPoints: [host + ':' + port],
  localDataCenter: 'datacenter1',
});

async function main() {
  await client.connect();
  const stmts = fs.readFileSync(script, 'utf8').split(';').map((s) => s.trim()).filter((s) => s);
  for (const stmt of stmts) {
    const out = { statement: stmt };
    try {
      const rs = await client.execute(stmt);
      if (rs.columns && rs.columns.length) {
        out.columns = rs.columns.map((c) => c.name);
        out.rows = rs.rows.map((r) => out.columns.map((c) => (r[c] === null || r[c] === undefined ? null : String(r[c]))));
      }
    } catch (e) {
      out.error = e.name + ': ' + e.message;
    }
    console.log(JSON.stringify(out));
  }
  // A prepared read, executed twice: the second skips the result metadata.
  const prepared = [];
  for (let i = 0; i < 2; i++) {
    const rs = await client.execute('SELECT id, total FROM shop.orders WHERE customer = ?', ['bob'], { prepare: true });
    for (const r of rs.rows) prepared.push([String(r.id), String(r.total)]);
  }
  const ks = client.metadata.keyspaces['shop'];
  const t = await client.metadata.getTable('shop', 'orders');
  console.log(JSON.stringify({ protocol: client.controlConnection.protocolVersion, prepared, tables: ks ? ['orders'] : null, columns: t ? t.columns.map((c) => c.name) : null }));
  await client.shutdown();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
