// `npm start`: builds the console and serves it with the API on one port (PORT, default 3000) on the
// embedded database (DATA_DIR, default ./data), migrating and seeding the demo workspace on first start.
import { spawnSync } from 'node:child_process';

const run = (cmd, args) => {
  const res = spawnSync(cmd, args, { stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
};
process.stderr.write('Building the console ...\n');
run('npm', ['run', '-s', 'build']);
run('npm', ['run', '-s', 'serve']);
