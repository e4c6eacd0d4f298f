// `npm run cli -- <command>`: the command-line tool, compiled with the server.
import { runBundle } from './run-bundle.mjs';

runBundle('cli');
