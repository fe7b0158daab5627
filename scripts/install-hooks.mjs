/*
 * npm's `prepare` (run by `npm ci` and `npm install`): points git at the hooks committed in
 * .githooks/, so a fresh clone checks format and lint before each commit. Outside a git checkout
 * (a CI copy without .git, an unpacked package) there is nothing to install, and that is no error.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (existsSync('.git') && existsSync('.githooks')) {
  try {
    execFileSync('git', ['config', 'core.hooksPath', '.githooks'], { stdio: 'ignore' });
  } catch {
    // No git command on this machine: nothing to install the hooks into.
  }
}
