import fs from 'node:fs';
import path from 'node:path';
import { LIST_SQL_DIR, renderListSql } from './list-sql.ts';

// `npm run sql:generate`: writes the ticket-list engine's SQL files (list-sql.ts) and removes those no
// shape renders any more. Commit the result with the change that made it.

const files = renderListSql();
fs.mkdirSync(LIST_SQL_DIR, { recursive: true });
let changed = 0;
for (const [name, text] of files) {
  const file = path.join(LIST_SQL_DIR, name);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) continue;
  fs.writeFileSync(file, text);
  changed++;
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
for (const name of fs.readdirSync(LIST_SQL_DIR)) {
  if (files.has(name)) continue;
  fs.rmSync(path.join(LIST_SQL_DIR, name));
  changed++;
  console.log(`removed ${path.relative(process.cwd(), path.join(LIST_SQL_DIR, name))}`);
}
console.log(`${files.size} files in ${path.relative(process.cwd(), LIST_SQL_DIR)}, ${changed} changed`);
