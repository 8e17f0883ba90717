// The end-to-end tests drive Debian's Chromium. Install it when we can (root with apt-get),
// otherwise stop at once and say what to run.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (fs.existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = fs.existsSync('/usr/bin/apt-get');
if (!isRoot || !hasApt) {
  console.error(`Chromium is missing at ${path}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary)`);
  process.exit(1);
}
console.log('Chromium is missing: installing Debian\'s chromium package (about a minute)...');
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
} catch {
  console.error('Installing chromium failed. Run: apt-get update && apt-get install -y chromium');
  process.exit(1);
}
if (!fs.existsSync(path)) {
  console.error(`chromium installed but ${path} is still missing`);
  process.exit(1);
}
