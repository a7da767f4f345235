import { execFileSync } from 'node:child_process';

/**
 * Vitest global set-up of the web project: compiles the message catalogues once before the tests, as
 * the Vite build does. In a child process: the compiler's own handles would keep Vitest from exiting.
 */
export default function compileMessages() {
  execFileSync('npm', ['run', '--silent', 'i18n'], { stdio: ['ignore', 'ignore', 'inherit'] });
}
